CREATE TABLE `company_completion_months` (
	`company_id` text NOT NULL,
	`month` text NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `month`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `company_template_stats` (
	`company_id` text NOT NULL,
	`template_id` text DEFAULT '' NOT NULL,
	`plans` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`progress_sum` integer DEFAULT 0 NOT NULL,
	`tasks_total` integer DEFAULT 0 NOT NULL,
	`tasks_done` integer DEFAULT 0 NOT NULL,
	`progress_upto_25` integer DEFAULT 0 NOT NULL,
	`progress_upto_50` integer DEFAULT 0 NOT NULL,
	`progress_upto_75` integer DEFAULT 0 NOT NULL,
	`progress_above_75` integer DEFAULT 0 NOT NULL,
	`days_to_complete_sum` integer DEFAULT 0 NOT NULL,
	`days_to_complete_count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `template_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `plans_company_updated_idx`;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `tasks_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `onboarding_plans` ADD `tasks_done` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `plans_company_updated_idx` ON `onboarding_plans` (`company_id`,`deleted_at`,`updated_at`,`id`);