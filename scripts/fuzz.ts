// The long fuzz run of issue 11: every POST/PATCH/DELETE route of the API, 10,000 generated requests
// each by default. Prints cases and failures per route and the totals; exits 1 on any failure.
// Usage: npm run fuzz [-- --runs 10000 --route templates --seed 42]   (or FUZZ_RUNS=500 npm run fuzz)
// On PostgreSQL: tsx scripts/with-postgres.ts -- npm run fuzz [-- ...] (each world copy is a database).
import { parseArgs } from 'node:util';
import { describeFailure, fuzzRoute, routeName, unsafeRoutes, WorldImage } from '../api/test/fuzz-cases.ts';
import { createTestContext } from '../api/test/harness.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '10000' },
    route: { type: 'string' },
    seed: { type: 'string', default: process.env.FUZZ_SEED },
  },
});
const numRuns = Number(values.runs);
if (!Number.isInteger(numRuns) || numRuns < 1) {
  console.error(`--runs must be a whole number above 0, not "${values.runs}"`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);

// The app's own list, so a route added later is fuzzed too.
const probe = await createTestContext();
const routes = unsafeRoutes(probe.app).filter((route) => !values.route || routeName(route).includes(values.route));
await probe.database.close();

// The server logs each unexpected error; the failures are reported below instead.
const quiet = console.error;
console.error = () => {};
console.info = () => {};

const formatStatuses = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}:${count}`)
    .join(' ');

console.log(`fuzz: ${routes.length} routes, ${numRuns} cases each, seed ${seed}`);
const image = await WorldImage.build();
let cases = 0;
const failed = [];
const started = performance.now();
for (const route of routes) {
  const result = await fuzzRoute(route, { numRuns, seed, image });
  cases += result.cases;
  console.log(
    `${result.route.padEnd(58)} ${String(result.cases).padStart(6)} cases ${String(result.failures.length).padStart(4)} failures ${(result.ms / 1000).toFixed(1).padStart(6)} s  ${formatStatuses(result.statuses)}`,
  );
  if (result.failures.length) failed.push(result);
}
console.error = quiet;

const failures = failed.reduce((sum, result) => sum + result.failures.length, 0);
for (const result of failed) {
  console.log(`\n${result.route}: ${result.failures.length} failures; distinct problems:`);
  for (const problem of new Set(result.failures.map((failure) => failure.problem))) console.log(`  - ${problem}`);
  console.log(`first failure:\n${describeFailure(result.failures[0]!)}`);
  if (result.counterexample) console.log(`minimal counterexample:\n${result.counterexample}`);
}
console.log(`\nfuzz: ${cases} cases across ${routes.length} routes, ${failures} failures (${((performance.now() - started) / 1000).toFixed(0)} s, seed ${seed})`);
process.exit(failures ? 1 : 0);
