// Who does a task: the new hire (default), their manager, their buddy, an HR admin, or a named person.
// A template task names the kind; creating a plan resolves it to a person of that plan.

export const ASSIGNEE_KINDS = ['new_hire', 'manager', 'buddy', 'hr', 'person'] as const;
export type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];

export const ASSIGNEE_KIND_LABELS: Record<AssigneeKind, string> = {
  new_hire: 'New hire',
  manager: 'Their manager',
  buddy: 'Their buddy',
  hr: 'HR admin',
  person: 'A named person',
};

/** The people of one plan a task's kind can point at. `hrId`: the admin who assigned it, else the company's first admin. */
export type PlanParties = { newHireId: string; managerId: string | null; buddyId: string | null; hrId: string | null };

/** The person who does a task of this kind on this plan; null while the plan has nobody in that role (no buddy yet). */
export function resolveAssignee(kind: AssigneeKind, personId: string | null, plan: PlanParties): string | null {
  switch (kind) {
    case 'new_hire':
      return plan.newHireId;
    case 'manager':
      return plan.managerId;
    case 'buddy':
      return plan.buddyId;
    case 'hr':
      return plan.hrId;
    case 'person':
      return personId;
  }
}

/** Kinds whose person changes with the plan: changing the plan's manager, buddy or person moves their open tasks. */
export const PLAN_ROLE_KINDS = { newHireId: 'new_hire', managerId: 'manager', buddyId: 'buddy' } as const satisfies Partial<Record<keyof PlanParties, AssigneeKind>>;
