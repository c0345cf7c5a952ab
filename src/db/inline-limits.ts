import {
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** A whole number as a literal of the statement's text; any other value stays a bound value. */
function written(node: OperationNode): OperationNode {
  return ValueNode.is(node) && node.immediate !== true && Number.isSafeInteger(node.value) && Number(node.value) >= 0
    ? ValueNode.createImmediate(node.value)
    : node;
}

class LimitWriter extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    return { ...node, limit: written(node.limit) };
  }

  protected override transformOffset(node: OffsetNode): OffsetNode {
    return { ...node, offset: written(node.offset) };
  }
}

/**
 * The embedded store's statements carry their LIMIT and OFFSET as numbers written into their
 * text, not as bound values: SQLite ran a statement whose limit was bound several times slower
 * (SQLite 3.53, a read of two rows of an index with a test per row: 23 against 3.6 µs; a read
 * of one row by primary key: 6.5 against 4.2 µs), and the delivery worker's claim reads each
 * endpoint's first due deliveries with one
 * (docs/benchmarks.md#speed-mechanisms-and-the-targets-they-serve). A limit that is a compiled
 * statement's argument (db/prepared.ts) is a stand-in, not a number, and stays bound.
 */
export class InlineLimits implements KyselyPlugin {
  readonly #writer = new LimitWriter();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#writer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
