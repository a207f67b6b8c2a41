// "Require SSO" (issue 24): while a company's single sign-on is on and required, passwords are refused for
// everyone in it but the one break-glass admin its admins chose. The password sign-in calls this after
// the password checks out (so the refusal says nothing about an account to someone without its password).
import { eq } from 'drizzle-orm';
import { SSO_REQUIRED_MESSAGE } from '../../shared/sso.ts';
import { first, type Db } from '../db/client.ts';
import { companySso } from '../db/schema.ts';
import { forbidden } from '../lib/app-error.ts';

/** The break-glass exemption holds while that person is still an admin of the company. */
export async function assertPasswordSignInAllowed(db: Db, user: { id: string; companyId: string; role: string }): Promise<void> {
  const sso = await first(
    db
      .select({ enabled: companySso.enabled, requireSso: companySso.requireSso, breakGlassUserId: companySso.breakGlassUserId })
      .from(companySso)
      .where(eq(companySso.companyId, user.companyId)),
  );
  const breakGlass = sso?.breakGlassUserId === user.id && user.role === 'admin';
  if (sso?.enabled && sso.requireSso && !breakGlass) throw forbidden(SSO_REQUIRED_MESSAGE);
}
