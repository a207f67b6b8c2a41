// Deleting a plan or a person deletes their files (issue 19): the rows inside the deletion's
// transaction, the bytes once it has committed (a rollback must not leave rows without bytes). A
// failure to remove bytes is logged and never fails the request: the rows, and so all access, are gone.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { files, onboardingPlans } from '../db/schema.ts';
import type { FileStorage } from './file-storage.ts';

/** Deletes the rows of these plans' uploads; answers their storage keys, for `removeStoredFiles` after the commit. */
export async function takePlanFiles(tx: Tx, companyId: string, planIds: string[]): Promise<string[]> {
  if (planIds.length === 0) return [];
  const taken = await tx
    .delete(files)
    .where(and(eq(files.companyId, companyId), inArray(files.planId, planIds)))
    .returning({ storageKey: files.storageKey });
  return taken.map((file) => file.storageKey);
}

/** The same for a person's own plans (those they are the new hire of), deleted plans included. */
export async function takePersonFiles(tx: Tx, companyId: string, userId: string): Promise<string[]> {
  const plans = await tx
    .select({ id: onboardingPlans.id })
    .from(onboardingPlans)
    .where(and(eq(onboardingPlans.companyId, companyId), eq(onboardingPlans.newHireId, userId)));
  return takePlanFiles(
    tx,
    companyId,
    plans.map((plan) => plan.id),
  );
}

/** Every file of a company that is being deleted, policies included. */
export async function takeCompanyFiles(tx: Tx, companyId: string): Promise<string[]> {
  const taken = await tx.delete(files).where(eq(files.companyId, companyId)).returning({ storageKey: files.storageKey });
  return taken.map((file) => file.storageKey);
}

/** Removes stored bytes; each failure is logged, none thrown (the request that deleted the rows has succeeded). */
export async function removeStoredFiles(storage: FileStorage, storageKeys: readonly string[]): Promise<void> {
  // One at a time: a company's thousands of files must not open thousands of requests at once.
  for (const key of storageKeys) {
    try {
      await storage.delete(key);
    } catch (error) {
      console.error(`Files: the stored bytes of ${key} were not removed:`, error);
    }
  }
}
