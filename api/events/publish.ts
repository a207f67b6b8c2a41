// Publishing from a write route, once its transaction has committed (never from inside a queries
// function: a poke for a write that then rolls back would send clients to read nothing). Each helper
// names what changed and who may see it, and never throws: the write it reports has happened.
import * as v from 'valibot';
import type { ChangePoke, ChangeTopic } from '../../shared/events.ts';
import { isStaff, ROLES, STAFF_ROLES, type Role } from '../../shared/roles.ts';
import { MUTATION_ARGS_SCHEMAS, type PushMutation, type PushResponse } from '../../shared/sync.ts';
import type { AppDeps, CurrentUser } from '../lib/env.ts';
import type { PlanParties } from './audience.ts';
import { assigneesOfPlans, planRefs, sentMessageRefs, type PlanRef, type TickedTaskRef } from './events.queries.ts';
import { writingClient } from './origin.ts';

/** Who the team and template screens are for (their routes' guards). */
export const STAFF: Role[] = [...STAFF_ROLES];
/** Every member: company settings and the subscription are read by all (GET /api/company, /api/subscription/status, sync pull). */
export const EVERYONE: Role[] = [...ROLES];

export type PlanPokeOptions = {
  /** A staff note: the plans' new hires never hear of it. */
  staffOnly?: boolean;
  /** Who the plans belonged to before the change (handed to another manager or new hire): their view lost them. */
  previously?: PlanParties[];
  /** Who did the plans' tasks before the change (`taskDoersOf`, read before it): a task moved or removed leaves their My tasks. */
  previousDoers?: string[];
  /**
   * Who do the changed tasks, when the write knows them (a tick: its task's assignee, whose My tasks
   * alone shows it); without it, every doer of the plans' tasks is looked up.
   */
  doers?: string[];
};

/** The poke of a change, naming the client that made it when it named itself (origin.ts). */
function pokeOf(topic: ChangeTopic, planId?: string): ChangePoke {
  const origin = writingClient();
  return { topic, ...(planId ? { planId } : {}), ...(origin ? { origin } : {}) };
}

function logFailure(topic: ChangeTopic, error: unknown): void {
  console.error(`Change bus: the ${topic} poke was not published:`, error);
}

/** Each pair of people once: a manager's hundred plans make one entry, which keeps a NOTIFY small. */
function distinctParties(plans: PlanParties[]): PlanParties[] {
  const byKey = new Map<string, PlanParties>();
  for (const { newHireId, managerId } of plans) byKey.set(`${newHireId}/${managerId ?? ''}`, { newHireId, managerId });
  return [...byKey.values()];
}

/** Topics whose changes the people doing the plans' tasks hear of too (their My tasks). */
const ASSIGNEE_TOPICS: ChangeTopic[] = ['plans', 'tasks'];

/**
 * A change to these plans reaches whoever may see one of them (canSeePlan: their new hire, their
 * manager, the company's admins), and a change of plans or tasks the people who do their tasks. The
 * poke names the plan when there is one.
 */
export async function pokePlans(deps: AppDeps, companyId: string, topic: ChangeTopic, plans: PlanRef[], options: PlanPokeOptions = {}): Promise<void> {
  const planIds = [...new Set(plans.map((plan) => plan.id))];
  const parties = distinctParties([...plans, ...(options.previously ?? [])]);
  if (parties.length === 0) return;
  const poke = pokeOf(topic, planIds.length === 1 ? planIds[0] : undefined);
  try {
    const reachesDoers = ASSIGNEE_TOPICS.includes(topic) && !options.staffOnly;
    const doers = reachesDoers ? (options.doers ?? (await assigneesOfPlans(deps.db, companyId, planIds))) : [];
    const people = [...new Set([...doers, ...(options.previousDoers ?? [])])];
    await deps.changes.publish({ companyId, poke, audience: { plans: parties, staffOnly: options.staffOnly ?? false, ...(people.length ? { people } : {}) } });
  } catch (error) {
    logFailure(topic, error);
  }
}

/** The same, for plans known by id (looked up after the commit, deleted ones included). */
export async function pokePlanIds(deps: AppDeps, companyId: string, topic: ChangeTopic, planIds: string[], options: PlanPokeOptions = {}): Promise<void> {
  try {
    await pokePlans(deps, companyId, topic, await planRefs(deps.db, companyId, planIds), options);
  } catch (error) {
    logFailure(topic, error);
  }
}

/** Who does the plans' tasks now: read before a write that may move or remove tasks, and passed as `previousDoers`. */
export async function taskDoersOf(deps: AppDeps, companyId: string, planIds: string[]): Promise<string[]> {
  try {
    return await assigneesOfPlans(deps.db, companyId, planIds);
  } catch (error) {
    logFailure('tasks', error);
    return [];
  }
}

/** A change every member of the company with one of these roles may see. */
export async function pokeRoles(deps: AppDeps, companyId: string, topic: ChangeTopic, roles: Role[]): Promise<void> {
  await deps.changes.publish({ companyId, poke: pokeOf(topic), audience: { roles } });
}

/** A person left the company (`plans`: theirs, read before): the team screens, and each plan they were part of. */
export async function pokePersonRemoved(deps: AppDeps, companyId: string, plans: PlanRef[]): Promise<void> {
  await pokeRoles(deps, companyId, 'team', STAFF);
  await pokePlans(deps, companyId, 'plans', plans);
}

/**
 * Marking messages read: a staff member's may include staff notes, so only staff hear of it; a new
 * hire's are all plan messages.
 */
export const readByStaff = (reader: CurrentUser): boolean => isStaff(reader.role);

/**
 * The sent messages and reads of a sync push that were applied now (replays and refusals left out). Its
 * ticks and submitted forms come from pushMutations, with the plans and people their transactions read.
 */
export function appliedMutations(mutations: PushMutation[], response: PushResponse) {
  const applied = new Set(response.results.filter((result) => result.status === 'applied').map((result) => result.id));
  const sentMessageIds: string[] = [];
  const readPlanIds: string[] = [];
  for (const mutation of mutations) {
    if (!applied.has(mutation.id)) continue;
    if (mutation.name === 'message.send') {
      const args = v.safeParse(MUTATION_ARGS_SCHEMAS['message.send'], mutation.args);
      if (args.success) sentMessageIds.push(args.output.id);
    } else if (mutation.name === 'message.markRead') {
      const args = v.safeParse(MUTATION_ARGS_SCHEMAS['message.markRead'], mutation.args);
      if (args.success) readPlanIds.push(args.output.planId);
    }
  }
  return { sentMessageIds, readPlanIds };
}

export type AppliedMutations = ReturnType<typeof appliedMutations>;

/**
 * POST /api/sync/push: tasks ticked (or completed by a form) and messages sent or read offline, each
 * kind to its plans' people. `ticked`: the applied ticks' plans and assignees as their transactions
 * read them (pushMutations), so none is looked up again.
 */
export async function pokePushed(deps: AppDeps, pusher: CurrentUser, applied: AppliedMutations, ticked: TickedTaskRef[]): Promise<void> {
  const { companyId } = pusher;
  const { sentMessageIds, readPlanIds } = applied;
  try {
    if (ticked.length) {
      await pokePlans(deps, companyId, 'tasks', ticked, { doers: ticked.flatMap((task) => (task.assigneeId ? [task.assigneeId] : [])) });
    }
    if (sentMessageIds.length) {
      const sent = await sentMessageRefs(deps.db, companyId, sentMessageIds);
      const plansOf = (audience: 'plan' | 'staff') => sent.filter((message) => message.audience === audience);
      if (plansOf('plan').length) await pokePlans(deps, companyId, 'messages', plansOf('plan'));
      if (plansOf('staff').length) await pokePlans(deps, companyId, 'messages', plansOf('staff'), { staffOnly: true });
    }
    if (readPlanIds.length) await pokePlanIds(deps, companyId, 'messages', readPlanIds, { staffOnly: readByStaff(pusher) });
  } catch (error) {
    console.error('Change bus: the pokes of a sync push were not published:', error);
  }
}
