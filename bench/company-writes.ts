// One company's write throughput on PostgreSQL (issue 20): every write of a company takes its row's lock
// (DESIGN.md section 9), so the company's writes queue on it and each holds it for its round trips to the
// database. This measures that ceiling where it matters, with PostgreSQL across a network: the demo
// company's new hire ticks tasks, then sends messages to their manager, through sync pushes (a new device's
// first mutation each, as bench:api), 50 at a time, in process (no HTTP), through a TCP relay that holds
// each chunk for a delay each way (0: passed on at once, the same machine). Prints pushes per second for
// each kind and delay; asserts nothing.
// Usage: npx tsx bench/company-writes.ts [--delays 0,1] [--seconds 10] [--concurrency 50]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { isActionTask } from '../shared/tasks.ts';
import { createDatabase, startCluster } from '../scripts/postgres-cluster.ts';

const { values: args } = parseArgs({
  options: {
    delays: { type: 'string', default: '0,1' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '50' },
  },
});
const DELAYS = args.delays.split(',').map(Number);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);

/** A TCP relay to `port` that passes each chunk on after `delayMs` (at once when 0), in order. */
async function startRelay(port: number, delayMs: number): Promise<{ port: number; close: () => void }> {
  const server = net.createServer((inbound) => {
    const outbound = net.connect(port, '127.0.0.1');
    for (const socket of [inbound, outbound]) {
      // Small writes must not wait for the other side's ACK (Nagle): PostgreSQL's messages are small.
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => (socket === inbound ? outbound : inbound).destroy());
    }
    const relay = (from: net.Socket, to: net.Socket) => from.on('data', (chunk) => (delayMs ? setTimeout(() => to.write(chunk), delayMs) : to.write(chunk)));
    relay(inbound, outbound);
    relay(outbound, inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

execFileSync('bash', ['scripts/ensure-postgres.sh'], { stdio: 'inherit' });
const cluster = await startCluster();
process.on('exit', () => cluster.stop());
await createDatabase(cluster.url('postgres'), 'kickoff_writes');
// The tables bind to an engine when first imported: the URL must be set before.
process.env.DATABASE_URL = cluster.url('kickoff_writes');
const { openDatabase } = await import('../api/db/client.ts');
const { seedDemo } = await import('../api/seed.ts');
const { pushMutations } = await import('../api/sync/sync.queries.ts');
const { onboardingPlans, onboardingTasks, users } = await import('../api/db/schema.ts');
const { asCurrentUser } = await import('../api/lib/env.ts');

const direct = await openDatabase({ engine: 'postgres', url: process.env.DATABASE_URL, poolSize: 2 });
await seedDemo(direct.db);
const [hire] = await direct.db.select().from(users).where(eq(users.email, 'newhire@demo.kickoff.local'));
if (!hire) throw new Error('The demo seed made no new hire');
const user = asCurrentUser(hire);
// The new hire's own tasks that a tick completes (not forms, acknowledgements or uploads).
const taskIds = (
  await direct.db
    .select({ id: onboardingTasks.id, type: onboardingTasks.type })
    .from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .where(and(eq(onboardingPlans.newHireId, hire.id), eq(onboardingTasks.assigneeKind, 'new_hire')))
)
  .filter((task) => !isActionTask(task.type))
  .map((task) => task.id);

const [plan] = await direct.db.select({ id: onboardingPlans.id }).from(onboardingPlans).where(eq(onboardingPlans.newHireId, hire.id));
if (!plan) throw new Error('The demo new hire has no plan');
await direct.close();

/** The n-th mutation of each kind. */
const MUTATIONS = {
  // Each task is ticked and unticked in turn, so every push changes its task and its plan's counters.
  ticks: (n: number) => ({ name: 'task.setCompleted', args: { taskId: taskIds[n % taskIds.length]!, isCompleted: Math.floor(n / taskIds.length) % 2 === 0 } }),
  messages: (n: number) => ({ name: 'message.send', args: { id: crypto.randomUUID(), planId: plan.id, content: `Question ${n}`, createdAt: new Date().toISOString() } }),
};

const results: { writes: string; delay: string; pushes: number; 'pushes/s': string }[] = [];
for (const [kind, mutationOf] of Object.entries(MUTATIONS))
  for (const delayMs of DELAYS) {
    const relay = await startRelay(cluster.port, delayMs);
    const url = new URL(cluster.url('kickoff_writes'));
    url.port = String(relay.port);
    const { db, close } = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 10 });
    let sent = 0;
    const push = async () => {
      const { results } = await pushMutations(db, user, { clientId: crypto.randomUUID(), mutations: [{ id: 1, ...mutationOf(sent++) }] });
      // A rejected mutation is cheaper than an applied one: it would flatter the figure.
      if (results[0]?.status !== 'applied') throw new Error(`A ${kind} push was not applied: ${JSON.stringify(results)}`);
    };
    for (let warm = 0; warm < 50; warm++) await push();
    let done = 0;
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          await push();
          done++;
        }
      }),
    );
    const pushesPerSecond = done / ((performance.now() - started) / 1000);
    results.push({ writes: kind, delay: delayMs ? `${delayMs} ms each way` : 'none', pushes: done, 'pushes/s': pushesPerSecond.toFixed(0) });
    await close();
    relay.close();
  }
console.log(`One company's sync pushes (a tick or a message each), ${CONCURRENCY} at a time for ${SECONDS} s, through a relay to PostgreSQL:`);
console.table(results);
console.log(
  `Load average at the end: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}.`,
);
process.exit(0);
