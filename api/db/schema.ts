// The tables of the engine this process runs on. Queries import them from here and are written once;
// the two dialects' schemas stay twins (schema-parity.test.ts), so the PostgreSQL types describe both.
import { databaseEngine } from '../config.ts';
import * as postgres from './schema.pg.ts';
import * as sqlite from './schema.sqlite.ts';

export type Schema = typeof postgres;
export type { HelpfulResource } from './schema.pg.ts';

export const schema: Schema = databaseEngine() === 'postgres' ? postgres : (sqlite as unknown as Schema);

export const {
  companies,
  users,
  authTokens,
  sessions,
  templates,
  templateSections,
  templateTasks,
  onboardingPlans,
  onboardingTasks,
  messages,
  subscriptions,
  paymentTransactions,
  subscriptionCancellations,
  templatePresence,
  syncClients,
  syncTombstones,
  rateLimits,
  companyTemplateStats,
  companyCompletionMonths,
  serverSettings,
  jobs,
  outbox,
  pushSubscriptions,
  notificationOptOuts,
  files,
  acknowledgements,
  apiKeys,
  webhookEndpoints,
  webhookDeliveries,
  companySso,
  ssoDomains,
  ssoIdentities,
  authFlows,
  passkeys,
  recoveryCodes,
} = schema;
