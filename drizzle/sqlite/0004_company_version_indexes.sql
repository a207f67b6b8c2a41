DROP INDEX `messages_version_idx`;--> statement-breakpoint
CREATE INDEX `messages_company_version_idx` ON `messages` (`company_id`,`version`);--> statement-breakpoint
DROP INDEX `plans_version_idx`;--> statement-breakpoint
CREATE INDEX `plans_company_version_idx` ON `onboarding_plans` (`company_id`,`version`);--> statement-breakpoint
DROP INDEX `tasks_version_idx`;--> statement-breakpoint
CREATE INDEX `tasks_company_version_idx` ON `onboarding_tasks` (`company_id`,`version`);--> statement-breakpoint
DROP INDEX `templates_version_idx`;--> statement-breakpoint
CREATE INDEX `templates_company_version_idx` ON `templates` (`company_id`,`version`);