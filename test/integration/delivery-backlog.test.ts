import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { isPostgres } from '../../src/db/dialect.ts';
import { claimQuery, dueOfEndpoint, openEndpoints } from '../../src/events/delivery-repository.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// A claim among a backlog (src/events/delivery-repository.ts, migrations 0037 and 0038): after an
// outage a partner's deliveries wait by the thousand, and every claim must read about the rows it
// takes, not every one that waits: neither the whole backlog read and sorted, nor each candidate
// checked against every pending row, nor the deliveries of the endpoints the worker is already
// sending to read past to find others (any of which made a backlog drain in time that grew with
// its square). Read from the plan of the statements the claim runs.

const HISTORY = 20_000;
const DUE = 4000;
const LATER = 2000;

let t: TestApp;
const endpoints: number[] = [];

async function addEndpoint(apiKeyId: number): Promise<number> {
  const res = await t.admin('POST', '/admin/api/webhook-endpoints', {
    api_key_id: apiKeyId,
    url: 'https://partner.example.com/events',
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

before(async () => {
  t = await createTestApp();
  const key = await createApiKey(t.ctx.db, { name: 'backlog partner', scope: 'api' });
  for (let i = 0; i < 3; i++) endpoints.push(await addEndpoint(key.record.id));
  const now = t.ctx.now().getTime();
  const event = await t.ctx.db
    .insertInto('partner_events')
    .values({
      api_key_id: key.record.id,
      booking_id: null,
      type: 'booking.created',
      payload: '{"type":"booking.created","timestamp":"2026-01-01T00:00:00.000Z","data":{}}',
      created_at: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // History: deliveries delivered long ago, as a live database keeps them. Due: two endpoints, two
  // deliveries of each booking to each (the second waits for the first). Later: a third
  // endpoint's retries, none due yet.
  const rows = [];
  for (let i = 0; i < HISTORY + DUE + LATER; i++) {
    const kind = i < HISTORY ? 'history' : i < HISTORY + DUE ? 'due' : 'later';
    const n = i - HISTORY;
    const at = new Date(
      kind === 'history' ? now - 86_400_000 + i : kind === 'due' ? now - (DUE - n) * 10 : now + 3_600_000 + n,
    ).toISOString();
    rows.push({
      endpoint_id: endpoints[kind === 'later' ? 2 : i % 2] ?? 0,
      event_id: event.id,
      booking_id: 1 + Math.floor(i / 4),
      status: kind === 'history' ? ('delivered' as const) : ('pending' as const),
      next_attempt_at: at,
      created_at: at,
      delivered_at: kind === 'history' ? at : null,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.ctx.db
      .insertInto('event_deliveries')
      .values(rows.slice(i, i + 500))
      .execute();
  // The statistics a live database's tables have (its autovacuum keeps them).
  await sql`analyze`.execute(t.ctx.db);
});
after(async () => {
  await t.close();
});

type ExplainRow = { 'QUERY PLAN': [{ Plan: PlanNode }] };

/** A statement's value as an SQL literal, for EXECUTE (the test's own values: text, numbers, integer arrays). */
function literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) return `'{${value.map(Number).join(',')}}'`;
  throw new Error(`no literal for ${typeof value}`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of event_deliveries a plan's scans read (returned or filtered out), over all their loops. */
function deliveryRowsRead(node: PlanNode): number {
  const scansDeliveries =
    node['Relation Name'] === 'event_deliveries' ||
    (node['Node Type'] === 'Bitmap Index Scan' && (node['Index Name'] ?? '').startsWith('event_deliveries'));
  const own = scansDeliveries
    ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + deliveryRowsRead(child), 0);
}

/** The plan of the claim's statement as the worker runs it: its first runs (values known), or its generic plan. */
async function claimPlan(busy: number[], generic: boolean): Promise<PlanNode | undefined> {
  const now = t.ctx.now().toISOString();
  // Asked as a worker with every lane free asks: for 32 endpoints.
  const statement = claimQuery(
    t.ctx.db,
    now,
    new Date(Date.parse(now) + 60_000).toISOString(),
    'backlog-test',
    32,
    25,
    busy,
  ).compile();
  const plan = await t.ctx.db.transaction().execute(async (trx) => {
    if (!generic) {
      const result = await trx.executeQuery<ExplainRow>(
        CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]),
      );
      return result.rows[0]?.['QUERY PLAN'][0].Plan;
    }
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`prepare backlog_claim as ${statement.sql}`));
    const values = statement.parameters.map(literal).join(', ');
    const result = await trx.executeQuery<ExplainRow>(
      CompiledQuery.raw(`explain (analyze, format json) execute backlog_claim(${values})`),
    );
    await trx.executeQuery(CompiledQuery.raw('deallocate backlog_claim'));
    return result.rows[0]?.['QUERY PLAN'][0].Plan;
  });
  // The leases the claim took are let go again.
  await t.ctx.db.updateTable('event_deliveries').set({ locked_until: null, locked_by: null }).execute();
  assert.ok(plan !== undefined);
  return plan;
}

describe(`a claim among a backlog of ${String(DUE)} due deliveries (${testStoreKind})`, () => {
  test('reads about the rows it takes, not the backlog', async (c) => {
    if (!isPostgres(t.ctx.db)) {
      c.diagnostic('the embedded store: its statements are read in the next test');
      return;
    }
    for (const generic of [false, true]) {
      const plan = await claimPlan([], generic);
      const read = deliveryRowsRead(plan as PlanNode);
      const which = generic ? 'generic plan' : 'first plan';
      assert.ok(read < 1000, `${which}: the claim read ${String(read)} rows of event_deliveries`);
      assert.ok(read >= 50, `${which}: the claim read ${String(read)} rows, fewer than it takes`);
    }
  });

  test('reads none of the deliveries of the endpoints it is sending to', async (c) => {
    if (!isPostgres(t.ctx.db)) {
      c.diagnostic('the embedded store: its statements are read in the next test');
      return;
    }
    // Both lanes busy (the worker's second claim of a fill, or its claim when one lane ends while
    // the other is in flight): the backlog is theirs, and nothing else is due.
    for (const generic of [false, true]) {
      const plan = await claimPlan([endpoints[0] ?? 0, endpoints[1] ?? 0], generic);
      const read = deliveryRowsRead(plan as PlanNode);
      const which = generic ? 'generic plan' : 'first plan';
      assert.ok(read < 50, `${which}: the claim read ${String(read)} rows of event_deliveries`);
    }
  });

  test("the embedded store's statements read the indexes in their order", async (c) => {
    if (isPostgres(t.ctx.db)) {
      c.diagnostic('PostgreSQL: its plans are read in the tests before');
      return;
    }
    const now = t.ctx.now().toISOString();
    const planOf = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const statement = query.compile();
      const plan = await t.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
      );
      return plan.rows.map((r) => r.detail);
    };
    // The endpoints with something pending: one probe of the index each.
    const open = await planOf(openEndpoints(t.ctx.db, JSON.stringify([endpoints[0] ?? 0])));
    assert.ok(
      open.some((s) => /^SEARCH n USING COVERING INDEX event_deliveries_\w+ \(endpoint_id>\?\)$/.test(s)),
      open.join('\n'),
    );
    assert.ok(!open.some((s) => /^SCAN n$/.test(s)), `no scan of event_deliveries:\n${open.join('\n')}`);
    // An endpoint's due deliveries: from its first, in the index's order.
    const due = await planOf(
      dueOfEndpoint(t.ctx.db, endpoints[0] ?? 0, now)
        .select('d.id')
        .limit(25),
    );
    assert.ok(
      due.some((s) =>
        /^SEARCH d USING INDEX event_deliveries_endpoint_due \(endpoint_id=\? AND next_attempt_at<\?\)$/.test(s),
      ),
      due.join('\n'),
    );
    assert.ok(
      due.some((s) => s.includes('USING COVERING INDEX event_deliveries_pending')),
      due.join('\n'),
    );
    assert.ok(!due.some((s) => s.includes('TEMP B-TREE')), `read in the index's order:\n${due.join('\n')}`);
  });
});
