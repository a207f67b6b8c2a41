// Company settings: what every member of a company reads about it, and what its admins change.
import { eq } from 'drizzle-orm';
import { helpfulLinksOf, resourceLinksOf, shownHelpfulLinks, type CompanySettings, type CompanySettingsUpdate } from '../../shared/company.ts';
import { first, lockCompany, transaction, type Db, type Tx } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { ensureCompanyJobs } from '../jobs/jobs.queries.ts';
import { found } from '../lib/app-error.ts';

/** GET /api/company: the caller's own company; there is no way to name another. */
export async function getCompanySettings(db: Db | Tx, companyId: string): Promise<CompanySettings> {
  const company = found(
    await first(
      db
        .select({
          id: companies.id,
          name: companies.name,
          address: companies.address,
          phone: companies.phone,
          city: companies.city,
          timeZone: companies.timeZone,
          helpfulResources: companies.helpfulResources,
        })
        .from(companies)
        .where(eq(companies.id, companyId)),
    ),
    'Company',
  );
  const { helpfulResources, ...details } = company;
  return { ...details, resources: resourceLinksOf(helpfulResources), helpfulResources: shownHelpfulLinks(helpfulResources) };
}

/**
 * PATCH /api/company: the fields given (a left-out one keeps its value). The links are stored as the
 * list the Helpful Resources card and the sync pull read. Not a sync write: the pull sends the company
 * whole every time, so the company's version is left alone and no client is told to pull for it.
 * A new time zone re-times the company's jobs from `now`, in the same transaction.
 */
export async function updateCompanySettings(db: Db, companyId: string, input: CompanySettingsUpdate, now: Date): Promise<CompanySettings> {
  const { resources, ...fields } = input;
  return transaction(db, async (tx) => {
    // Under the row's lock, so two admins changing different links both keep theirs.
    await lockCompany(tx, companyId);
    let helpfulResources: CompanySettings['helpfulResources'] | undefined;
    if (resources) {
      const stored = found(await first(tx.select({ links: companies.helpfulResources }).from(companies).where(eq(companies.id, companyId))), 'Company');
      // A link left out of `resources` is absent from the parsed input, so the stored one stays.
      helpfulResources = helpfulLinksOf({ ...resourceLinksOf(stored.links), ...resources });
    }
    await tx
      .update(companies)
      .set({ ...fields, ...(helpfulResources ? { helpfulResources } : {}) })
      .where(eq(companies.id, companyId));
    if (fields.timeZone) await ensureCompanyJobs(tx, companyId, fields.timeZone, now);
    return getCompanySettings(tx, companyId);
  });
}
