// The people and template a plan row shows, as flat columns (mapped by flatRows, db/prepared.ts): the plan
// lists and the sync pull select the same ones over the same joins (new hire inner; manager, buddy and
// template left).
import { alias } from 'drizzle-orm/pg-core';
import { templates, users } from '../db/schema.ts';

export const planNewHire = alias(users, 'plan_new_hire');
export const planManager = alias(users, 'plan_manager');
export const planBuddy = alias(users, 'plan_buddy');

export const planPeopleColumns = {
  newHireFullName: planNewHire.fullName,
  newHireEmail: planNewHire.email,
  newHireImageUrl: planNewHire.profileImageUrl,
  managerFullName: planManager.fullName,
  managerFirstName: planManager.firstName,
  managerLastName: planManager.lastName,
  managerEmail: planManager.email,
  managerImageUrl: planManager.profileImageUrl,
  buddyFullName: planBuddy.fullName,
  buddyEmail: planBuddy.email,
  buddyImageUrl: planBuddy.profileImageUrl,
  templateTitle: templates.title,
  templateDuration: templates.duration,
  templateDescription: templates.description,
};
