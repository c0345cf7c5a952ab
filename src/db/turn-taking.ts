import {
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * node:sqlite runs every statement on the event loop, and a transaction's statements follow each
 * other as promises that are already settled: nothing else runs until the last one, however many
 * there are. An iCal pull of 200 stays (its stays, nights, alerts and turnover tasks) held the
 * loop for over 100 ms that way on a slow machine (docs/benchmarks.md, "Channel sync"). So once
 * statements have held it for TURN_BUDGET_MS, the next one waits for a turn of the loop first:
 * requests that do not need the store (availability answers from memory) are answered meanwhile.
 * The store's one connection stays with the transaction (Kysely's driver hands it out under a
 * mutex), so no other statement runs inside it.
 */

/** How long statements may hold the event loop before it gets a turn. */
export const TURN_BUDGET_MS = 10;

export class TurnTaking {
  readonly #budgetMs: number;
  readonly #clock: () => number;
  /** The loop's next turn, while statements hold it; null once it has had that turn. */
  #turn: Promise<void> | null = null;
  /** When the statements now holding the loop began (read while `#turn` is set). */
  #since = 0;
  /** How many times a statement waited for a turn (tests read it). */
  given = 0;

  constructor(budgetMs = TURN_BUDGET_MS, clock: () => number = () => performance.now()) {
    this.#budgetMs = budgetMs;
    this.#clock = clock;
  }

  /** Called after each statement: resolves at once, or after a turn of the loop once over budget. */
  afterStatement(): Promise<void> | undefined {
    if (this.#turn === null) {
      this.#since = this.#clock();
      this.#turn = new Promise((resolve) => {
        setImmediate(() => {
          this.#turn = null;
          resolve();
        });
      });
      return undefined;
    }
    if (this.#clock() - this.#since >= this.#budgetMs) {
      this.given++;
      return this.#turn;
    }
    return undefined;
  }
}

class TurnTakingConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #turns: TurnTaking;

  constructor(inner: DatabaseConnection, turns: TurnTaking) {
    this.#inner = inner;
    this.#turns = turns;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#inner.executeQuery<R>(query);
    await this.#turns.afterStatement();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Kysely's SQLite driver that hands out the connection wrapped: `begin`, `commit` and the
 * savepoints go through the wrapper too, as the driver runs them as queries on the connection
 * it is given.
 */
class TurnTakingDriver extends SqliteDriver {
  readonly #turns: TurnTaking;
  #connection: { inner: DatabaseConnection; outer: TurnTakingConnection } | null = null;

  constructor(config: SqliteDialectConfig, turns: TurnTaking) {
    super(config);
    this.#turns = turns;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    if (this.#connection?.inner !== inner) {
      this.#connection = { inner, outer: new TurnTakingConnection(inner, this.#turns) };
    }
    return this.#connection.outer;
  }
}

/** Kysely's SQLite dialect whose statements give the event loop a turn once over budget. */
export class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly turns: TurnTaking;

  constructor(config: SqliteDialectConfig, turns = new TurnTaking()) {
    super(config);
    this.#config = config;
    this.turns = turns;
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(this.#config, this.turns);
  }
}
