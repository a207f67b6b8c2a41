// `npm run billing:report -- [--days 30] [--limit 100]`: recent cancellations with their reasons, and the
// payments flagged for the operator (a renewal charged after a cancel: refund it in PayHere's portal).
// Reads the configured database, SQLite or PostgreSQL (DATABASE_URL), as the server would.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/client.ts';
import { billingReport } from '../api/subscriptions/billing-report.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** '2026-04-20 14:03' in UTC: short, and sorts as it reads. */
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

try {
  const { values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      limit: { type: 'string', default: '100' },
    },
  });
  const days = Number(values.days);
  const limit = Number(values.limit);
  if (!Number.isInteger(days) || days < 1 || !Number.isInteger(limit) || limit < 1) {
    throw new ConfigError('usage: npm run billing:report -- [--days N] [--limit N] (whole numbers, at least 1)');
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const since = new Date(Date.now() - days * DAY_MS);
    const { cancellations, flagged } = await billingReport(database.db, {
      since,
      limit,
    });
    console.log(`Billing report, last ${days} days (since ${when(since.toISOString())} UTC)\n`);
    console.log(`Cancellations: ${cancellations.length}`);
    for (const c of cancellations) {
      const payhere = c.payhereSubscriptionId ? `PayHere subscription ${c.payhereSubscriptionId}` : 'no PayHere subscription id';
      console.log(`  ${when(c.createdAt)}  ${c.companyName} (${c.planType ?? 'plan removed'}, ${payhere}) by ${c.userEmail ?? 'a deleted user'}`);
      console.log(`    reason: ${c.reason}${c.feedback ? `; feedback: ${JSON.stringify(c.feedback)}` : ''}`);
    }
    console.log(`\nFlagged payments: ${flagged.length}`);
    for (const t of flagged) {
      const payhere = t.payhereSubscriptionId ? `, PayHere subscription ${t.payhereSubscriptionId}` : '';
      console.log(
        `  ${when(t.createdAt)}  ${t.flag}  ${t.companyName ?? 'unknown company'}: order ${t.orderId}, payment ${t.paymentId ?? '?'}, ${t.currency ?? ''} ${t.amount ?? '?'}${payhere}`,
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
