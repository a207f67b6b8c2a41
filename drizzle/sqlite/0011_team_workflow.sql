ALTER TABLE `onboarding_plans` ADD `kind` text DEFAULT 'onboarding' NOT NULL;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `business_days` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `buddy_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `new_hire_tasks_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `new_hire_tasks_done` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `plans_buddy_idx` ON `onboarding_plans` (`buddy_id`);--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `opens_on` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `release_on` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `assignee_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `completed_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `assignee_kind` text DEFAULT 'new_hire' NOT NULL;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `assignee_person_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `release_days_before` integer;--> statement-breakpoint
CREATE INDEX `tasks_assignee_idx` ON `onboarding_tasks` (`assignee_id`,`deleted_at`,`is_completed`,`due_date`);--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `assignee_kind` text DEFAULT 'new_hire' NOT NULL;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `assignee_person_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `release_days_before` integer;--> statement-breakpoint
ALTER TABLE `templates` ADD `kind` text DEFAULT 'onboarding' NOT NULL;--> statement-breakpoint
ALTER TABLE `templates` ADD `business_days` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Every task made before assignees existed is the new hire's; its window's first day becomes a date (calendar
-- days, as its due date was). The tasks get a fresh company version, so devices pull them again with the new fields.
UPDATE `companies` SET `version` = `version` + 1
WHERE `id` IN (SELECT `company_id` FROM `onboarding_plans`);--> statement-breakpoint
UPDATE `onboarding_tasks` SET
  `assignee_id` = (SELECT p.`new_hire_id` FROM `onboarding_plans` p WHERE p.`id` = `onboarding_tasks`.`plan_id`),
  `opens_on` = CASE WHEN `day_start` IS NULL THEN NULL
    ELSE date((SELECT p.`start_date` FROM `onboarding_plans` p WHERE p.`id` = `onboarding_tasks`.`plan_id`), '+' || (`day_start` - 1) || ' days') END,
  `version` = (SELECT c.`version` FROM `companies` c WHERE c.`id` = `onboarding_tasks`.`company_id`);--> statement-breakpoint
UPDATE `onboarding_plans` SET `new_hire_tasks_total` = `tasks_total`, `new_hire_tasks_done` = `tasks_done`,
  `version` = (SELECT c.`version` FROM `companies` c WHERE c.`id` = `onboarding_plans`.`company_id`);
