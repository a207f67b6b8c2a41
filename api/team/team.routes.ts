// /api/users: the company's people, invitations and removal (spec section 7; DESIGN.md section 5).
// Mounted after /api/users/me (auth.routes.ts), which therefore never reaches `/:id` here.
import { Hono } from 'hono';
import { InviteSchema } from '../../shared/team.ts';
import { plansOfPerson } from '../events/events.queries.ts';
import { pokePersonRemoved, pokeRoles, STAFF } from '../events/publish.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import { sendAccountMail } from '../mail/account-mails.tsx';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { clientAddress } from '../middleware/rate-limit.ts';
import { deleteTeamMember, findManagers, findTeam, inviteUser, resendInvitation } from './team.queries.ts';
import { removeStoredFiles } from '../uploads/file-cleanup.ts';

export const teamRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await findTeam(c.var.deps.db, currentUser(c))))

  .get('/managers', requireRole('admin'), async (c) => c.json(await findManagers(c.var.deps.db, currentUser(c).companyId)))

  .post('/invite', requireRole('admin', 'manager'), validate('json', InviteSchema), async (c) => {
    const { deps } = c.var;
    const inviter = currentUser(c);
    const { user, mail } = await inviteUser(deps.db, deps.config.appUrl, inviter, c.req.valid('json'), clientAddress(c));
    await pokeRoles(deps, inviter.companyId, 'team', STAFF);
    // Queued first: a failed send (mailSent false) is retried by the outbox job.
    const mailSent = await sendAccountMail(deps, 'invitation', { id: user.id, companyId: inviter.companyId }, mail, new Date());
    return c.json({ ...user, mailSent }, 201);
  })

  .post('/:id/resend-invitation', requireRole('admin'), async (c) => {
    const { deps } = c.var;
    const admin = currentUser(c);
    const personId = c.req.param('id');
    const mail = await resendInvitation(deps.db, deps.config.appUrl, admin, personId, clientAddress(c));
    if (!(await sendAccountMail(deps, 'invitation', { id: personId, companyId: admin.companyId }, mail, new Date()))) {
      throw new AppError(502, 'The invitation email could not be sent just now. Kickoff will keep trying to send it; you can also resend it later.');
    }
    return c.json({ message: 'Invitation email resent' });
  })

  .delete('/:id', requireRole('admin'), async (c) => {
    const { db } = c.var.deps;
    const admin = currentUser(c);
    const personId = c.req.param('id');
    // Read before: the removal deletes their plans or takes them off the ones they managed.
    const plans = await plansOfPerson(db, admin.companyId, personId);
    await removeStoredFiles(c.var.deps.files, await deleteTeamMember(db, admin, personId));
    await pokePersonRemoved(c.var.deps, admin.companyId, plans);
    return c.json({ message: 'User deleted' });
  });
