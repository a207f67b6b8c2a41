CREATE INDEX `messages_plan_version_idx` ON `messages` (`plan_id`,`version`);--> statement-breakpoint
CREATE INDEX `tasks_plan_version_idx` ON `onboarding_tasks` (`plan_id`,`version`);--> statement-breakpoint
CREATE INDEX `tasks_assignee_version_idx` ON `onboarding_tasks` (`assignee_id`,`version`);