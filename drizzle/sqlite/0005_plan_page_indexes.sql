DROP INDEX `plans_company_created_idx`;--> statement-breakpoint
DROP INDEX `plans_new_hire_scope_idx`;--> statement-breakpoint
DROP INDEX `plans_manager_scope_idx`;--> statement-breakpoint
CREATE INDEX `plans_company_created_idx` ON `onboarding_plans` (`company_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `plans_new_hire_scope_idx` ON `onboarding_plans` (`new_hire_id`,`company_id`,`deleted_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `plans_manager_scope_idx` ON `onboarding_plans` (`manager_id`,`company_id`,`deleted_at`,`created_at`,`id`);