// Issue 11: every route of the API against every actor and record of matrix.ts, each cell on its own
// copy of the two-company world, asserting the exact status and, for refusals, that nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/harness.ts';
import { snapshot } from '../test/database-image.ts';
import { apiKeys } from '../db/schema.ts';
import { keyExpectation, MATRIX, type Expected, type MatrixRow, type Target } from '../test/matrix.ts';
import { ACTORS, COMPANY_OF, KEY_ACTORS, KEY_CREATOR, buildWorld, forkWorld, type Actor, type KeyActor, type World, type WorldImage } from '../test/world.ts';

let world: WorldImage;
let cellsChecked = 0;
/**
 * Every cell makes its own copy of the world: a millisecond on SQLite, tens on PostgreSQL. A route's time
 * grows with its cells (targets x callers), so the biggest rows get more on a busy machine.
 */
const ROUTE_TIMEOUT_MS = testEngine === 'postgres' ? 120_000 : 20_000;
const CELL_TIMEOUT_MS = testEngine === 'postgres' ? 3_000 : 500;
const CALLERS = [...ACTORS, ...KEY_ACTORS];
const routeTimeout = (row: MatrixRow) => Math.max(ROUTE_TIMEOUT_MS, row.targets.length * CALLERS.length * CELL_TIMEOUT_MS);

/** `METHOD path` of every handler the app registers; middleware (`use`) and the `/api/*` catch-all are method ALL. */
function registeredRoutes(app: World['ctx']['app']): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    // `:id{[0-9a-fA-F-]{36}}` -> `:id`: the pattern only narrows what the parameter matches.
    keys.add(`${route.method} ${route.path.replace(/:(\w+)\{[^/]*\}/g, ':$1')}`);
  }
  return [...keys].sort();
}

/**
 * Counters every request to a limited route bumps, refused or not (they lived in memory before they
 * moved into the database to be shared by every instance): not records a refusal could change.
 */
const REQUEST_COUNTERS = ['rate_limits'];

const isRefusal = (expected: Expected) => expected === 'rejected' || (typeof expected === 'number' && expected >= 400);

/** The target's id belongs to the other company than the actor's (or to both, mixed). */
function isForeign(target: Target, actor: Actor): boolean {
  const company = COMPANY_OF[actor];
  return !!target.company && company !== null && (target.company === 'both' || target.company !== company);
}

function pathOf(row: MatrixRow, params: Record<string, string>, query?: Record<string, string>): string {
  const template = row.route.slice(row.route.indexOf(' ') + 1);
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`${row.route}: the target gives no value for :${name}`);
    return value;
  });
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

const isKeyActor = (caller: Actor | KeyActor): caller is KeyActor => (KEY_ACTORS as readonly string[]).includes(caller);

/** A key's row without its lastUsedAt, which any request made with it may stamp (at most once a minute). */
const keysWithoutUse = (w: World) =>
  w.ctx.db
    .select({ id: apiKeys.id, name: apiKeys.name, scope: apiKeys.scope, keyHash: apiKeys.keyHash, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    // PostgreSQL returns an unordered select in any order: two snapshots must list the keys alike.
    .orderBy(apiKeys.id);

/** `caller`: a person with their session cookie, or a key actor with its key and no cookie (issue 21). */
async function checkCell(row: MatrixRow, target: Target, caller: Actor | KeyActor): Promise<void> {
  const w = await forkWorld(world);
  // A key acts as its creator: whose company and what they see.
  const actor: Actor = isKeyActor(caller) ? KEY_CREATOR[caller] : caller;
  try {
    await target.prepare?.(w);
    const params = target.params?.(w) ?? {};
    const path = pathOf(row, params, target.query?.(w));
    const body: unknown = await target.body?.(w);
    const expected = isKeyActor(caller) ? keyExpectation(row, target, caller, pathOf(row, params)) : target.expect[caller];
    const refused = isRefusal(expected);
    const notCompared = [...REQUEST_COUNTERS, ...(target.mayWrite?.tables ?? []), ...(isKeyActor(caller) ? ['api_keys'] : [])];
    const before = refused ? await snapshot(w.ctx.db, notCompared) : undefined;
    const keysBefore = refused && isKeyActor(caller) ? await keysWithoutUse(w) : undefined;
    const mailsBefore = w.ctx.mails.length;

    const res = await w.ctx.request(path, {
      method: row.route.slice(0, row.route.indexOf(' ')),
      body,
      cookie: isKeyActor(caller) || caller === 'anonymous' ? undefined : w.cookies[caller],
      headers: isKeyActor(caller) ? { ...target.headers, Authorization: `Bearer ${w.apiKeys[caller].key}` } : target.headers,
    });
    const actual = row.outcome && res.status === 200 ? row.outcome(res.body) : res.status;
    const cell = `${row.route} | ${target.label} | ${caller}`;
    cellsChecked += 1;

    expect.soft(actual, `${cell}: ${res.text.slice(0, 200)}`).toBe(expected);
    if (res.status >= 400) expect.soft(res.body?.message, `${cell}: errors are JSON with a message`).toEqual(expect.any(String));
    if (refused) {
      expect.soft(await snapshot(w.ctx.db, notCompared), `${cell}: a refusal changes nothing`).toEqual(before);
      expect.soft(w.ctx.mails.length, `${cell}: a refusal sends no mail`).toBe(mailsBefore);
      if (keysBefore) expect.soft(await keysWithoutUse(w), `${cell}: a refusal changes no key`).toEqual(keysBefore);
    }
    if (expected === 'rejected' && isForeign(target, actor)) {
      expect.soft(res.body?.results?.[0]?.message, `${cell}: another company's record is simply not there`).toMatch(/not found/i);
    }
    if (row.shows && actor !== 'anonymous' && actual === expected && !refused) {
      expect.soft([...row.shows.ids(res.body)].sort(), `${cell}: shows exactly what the caller may see`).toEqual([...row.shows.visible(w, actor, params)].sort());
    }
  } finally {
    await w.ctx.close();
  }
}

describe('permission matrix (DESIGN.md section 5)', () => {
  beforeAll(async () => {
    world = await buildWorld();
  }, 60_000);
  afterAll(() => {
    console.log(`permission matrix: ${cellsChecked} cells checked across ${MATRIX.length} routes`);
  });

  it('has one row for every route of the API, and no row without a route', async () => {
    const rows = MATRIX.map((row) => row.route);
    expect(new Set(rows).size, 'a route has two rows').toBe(rows.length);
    const w = await forkWorld(world);
    try {
      expect([...rows].sort()).toEqual(registeredRoutes(w.ctx.app));
    } finally {
      await w.ctx.close();
    }
  });

  it('needs a session on every route that is not public, and public ones answer without one', () => {
    for (const row of MATRIX) {
      const anonymous = row.targets.map((target) => target.expect.anonymous);
      if (row.public)
        expect(
          anonymous.some((status) => !isRefusal(status)),
          row.route,
        ).toBe(true);
      else
        expect(
          anonymous.every((status) => status === 401),
          row.route,
        ).toBe(true);
    }
  });

  it('answers another company’s id with 404, never 403 (unless the role may not use the route at all)', () => {
    for (const row of MATRIX) {
      for (const target of row.targets) {
        for (const actor of ACTORS) {
          if (!isForeign(target, actor)) continue;
          const expected = target.expect[actor];
          // A 403 here is fine only when this actor gets 403 for every record: the role is barred, the id tells nothing.
          const roleBarred = row.targets.every((other) => other.expect[actor] === 403);
          expect([404, 'rejected'].includes(expected) || (expected === 403 && roleBarred), `${row.route} | ${target.label} | ${actor}: ${expected}`).toBe(true);
        }
      }
    }
  });

  for (const row of MATRIX) {
    it(
      `${row.route}: ${row.rule}`,
      async () => {
        for (const target of row.targets) {
          for (const caller of CALLERS) await checkCell(row, target, caller);
        }
      },
      routeTimeout(row),
    );
  }
});
