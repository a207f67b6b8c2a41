// Who a change reaches: its company, and inside it the audience a write route names (DESIGN.md section 9).
// The one rule both a live poke and a stream's list of missed ones follow.
import * as v from 'valibot';
import { CHANGE_TOPICS, type ChangePoke } from '../../shared/events.ts';
import { canSeePlan } from '../../shared/onboarding.ts';
import { isStaff, ROLES, type Role } from '../../shared/roles.ts';
import { ClientIdSchema } from '../../shared/sync.ts';

/** The two people of a plan that decide, with the company's admins, who sees it (canSeePlan). */
export type PlanParties = { newHireId: string; managerId: string | null };

/**
 * Who a change reaches, inside its company. `plans`: whoever may see one of the plans; `staffOnly`
 * leaves out their new hires (a staff note); `people`: also these people (who do tasks on the plans
 * without seeing them, such as a buddy or the IT lead). `roles`: every member with one of these roles.
 */
export type ChangeAudience = { plans: PlanParties[]; staffOnly: boolean; people?: string[] } | { roles: Role[] };

export type Change = { companyId: string; poke: ChangePoke; audience: ChangeAudience };

/** What a NOTIFY payload must look like before it is delivered (anyone with the database could send one). */
export const ChangeSchema = v.object({
  companyId: v.string(),
  poke: v.object({ topic: v.picklist(CHANGE_TOPICS), planId: v.optional(v.string()), origin: v.optional(ClientIdSchema) }),
  audience: v.union([
    v.object({ plans: v.array(v.object({ newHireId: v.string(), managerId: v.nullable(v.string()) })), staffOnly: v.boolean(), people: v.optional(v.array(v.string())) }),
    v.object({ roles: v.array(v.picklist(ROLES)) }),
  ]),
});

/** Whether the change reaches this person of its company: the plan rule is canSeePlan, nothing restated. */
export function reaches(person: { id: string; role: Role }, audience: ChangeAudience): boolean {
  if ('roles' in audience) return audience.roles.includes(person.role);
  if (audience.staffOnly && !isStaff(person.role)) return false;
  return audience.plans.some((plan) => canSeePlan(person, plan)) || (audience.people?.includes(person.id) ?? false);
}
