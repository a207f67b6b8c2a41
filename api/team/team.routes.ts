// /api/users: the company's people, invitations and removal (spec section 7; DESIGN.md section 5).
// Mounted after /api/users/me (auth.routes.ts), which therefore never reaches `/:id` here.
import { Hono } from 'hono';
import { InviteSchema } from '../../shared/team.ts';
import { plansOfPerson } from '../events/events.queries.ts';
import { pokePersonRemoved, pokeRoles, STAFF } from '../events/publish.ts';
import { AppError } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { validate } from '../lib/validate.ts';
import type { Mail } from '../mail/mailer.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { clientAddress } from '../middleware/rate-limit.ts';
import { deleteTeamMember, findManagers, findTeam, inviteUser, resendInvitation } from './team.queries.ts';

/** Sends a mail; a failed send is logged and reported, never a 500 after the change is made. */
async function trySend(send: (mail: Mail) => Promise<void>, mail: Mail): Promise<boolean> {
  try {
    await send(mail);
    return true;
  } catch (error) {
    console.error('Invitation mail failed', error);
    return false;
  }
}

export const teamRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await findTeam(c.var.deps.db, currentUser(c))))

  .get('/managers', requireRole('admin'), async (c) => c.json(await findManagers(c.var.deps.db, currentUser(c).companyId)))

  .post('/invite', requireRole('admin', 'manager'), validate('json', InviteSchema), async (c) => {
    const { db, config, mailer } = c.var.deps;
    const inviter = currentUser(c);
    const { user, mail } = await inviteUser(db, config.appUrl, inviter, c.req.valid('json'), clientAddress(c));
    await pokeRoles(c.var.deps, inviter.companyId, 'team', STAFF);
    const mailSent = await trySend((m) => mailer.send(m), mail);
    return c.json({ ...user, mailSent }, 201);
  })

  .post('/:id/resend-invitation', requireRole('admin'), async (c) => {
    const { db, config, mailer } = c.var.deps;
    const mail = await resendInvitation(db, config.appUrl, currentUser(c), c.req.param('id'), clientAddress(c));
    if (!(await trySend((m) => mailer.send(m), mail))) throw new AppError(502, 'The invitation email could not be sent. Please try again.');
    return c.json({ message: 'Invitation email resent' });
  })

  .delete('/:id', requireRole('admin'), async (c) => {
    const { db } = c.var.deps;
    const admin = currentUser(c);
    const personId = c.req.param('id');
    // Read before: the removal deletes their plans or takes them off the ones they managed.
    const plans = await plansOfPerson(db, admin.companyId, personId);
    await deleteTeamMember(db, admin, personId);
    await pokePersonRemoved(c.var.deps, admin.companyId, plans);
    return c.json({ message: 'User deleted' });
  });
