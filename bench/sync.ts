// Sync protocol figures, in process (no HTTP server) against a private test database: in-memory SQLite,
// or PostgreSQL under scripts/with-postgres.ts. How fast a push of queued mutations is applied, a
// replayed push is skipped, and a full or incremental pull is answered. Prints figures; asserts nothing.
// Usage: npx tsx bench/sync.ts [--tasks 30 --messages 2000]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { nextVersion, transaction } from '../api/db/client.ts';
import { messages, onboardingPlans, onboardingTasks, templates } from '../api/db/schema.ts';
import { createTestContext } from '../api/test/harness.ts';

const { values } = parseArgs({ options: { tasks: { type: 'string', default: '30' }, messages: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '20' } } });
const TASKS = Number(values.tasks);
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);

const ctx = await createTestContext();
const acme = await ctx.createCompany('Bench');
const companyId = acme.company.id;
const taskIds = await transaction(ctx.db, async (tx) => {
  const version = await nextVersion(tx, companyId);
  const [template] = await tx.insert(templates).values({ title: 'Bench', companyId, version }).returning({ id: templates.id });
  const [plan] = await tx
    .insert(onboardingPlans)
    .values({ newHireId: acme.newHire.id, managerId: acme.manager.id, templateId: template!.id, companyId, startDate: '2026-01-05', version })
    .returning({ id: onboardingPlans.id });
  const planId = plan!.id;
  const tasks = await tx
    .insert(onboardingTasks)
    .values(Array.from({ length: TASKS }, (_, order) => ({ planId, companyId, title: `Task ${order}`, type: 'checklist' as const, order, version })))
    .returning({ id: onboardingTasks.id, order: onboardingTasks.order });
  // Both engines cap bound parameters per statement: insert in chunks.
  const rows = Array.from({ length: MESSAGES }, (_, i) => ({ planId, companyId, senderId: acme.manager.id, receiverId: acme.newHire.id, content: `Message ${i}`, version }));
  for (let start = 0; start < rows.length; start += 500) await tx.insert(messages).values(rows.slice(start, start + 500));
  return tasks.sort((a, b) => a.order - b.order).map((task) => task.id);
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
const cookie = acme.cookies.newHire;
const push = (clientId: string, body: unknown) => ctx.request('/api/sync/push', { method: 'POST', cookie, body: { clientId, mutations: body } });
const pull = (clientId: string, cursor: number) => ctx.request(`/api/sync/pull?clientId=${clientId}&cursor=${cursor}`, { cookie });

const pushTimes: number[] = [];
const replayTimes: number[] = [];
const fullPulls: number[] = [];
const incrementalPulls: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const clientId = crypto.randomUUID();
  const batch = taskIds.map((taskId, index) => ({
    id: index + 1,
    name: 'task.setCompleted',
    args: { taskId, isCompleted: round % 2 === 0, completedAt: new Date().toISOString() },
  }));
  fullPulls.push(await time(() => pull(clientId, 0)));
  const cursor = (await pull(clientId, 0)).body.cursor as number;
  pushTimes.push(await time(() => push(clientId, batch)));
  replayTimes.push(await time(() => push(clientId, batch)));
  incrementalPulls.push(await time(() => pull(clientId, cursor)));
}

const perMutation = median(pushTimes) / TASKS;
console.log(`sync bench: ${TASKS} tasks, ${MESSAGES} messages, ${ROUNDS} rounds (median, in process, no HTTP)`);
console.log(`  push of ${TASKS} mutations   ${median(pushTimes).toFixed(1)} ms  (${perMutation.toFixed(2)} ms each, ${Math.round(1000 / perMutation)} mutations/s)`);
console.log(`  replayed push (duplicates) ${median(replayTimes).toFixed(1)} ms`);
console.log(`  full pull (reset)          ${median(fullPulls).toFixed(1)} ms`);
console.log(`  incremental pull           ${median(incrementalPulls).toFixed(1)} ms  (${TASKS} changed tasks)`);
await ctx.database.close();
