CREATE TABLE `acknowledgements` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`task_id` text NOT NULL,
	`template_task_id` text,
	`user_id` text,
	`typed_name` text NOT NULL,
	`accepted_at` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`sha256` text NOT NULL,
	`version` integer NOT NULL,
	`policy_text` text,
	`policy_file` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `onboarding_tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `acknowledgements_task_idx` ON `acknowledgements` (`task_id`);--> statement-breakpoint
CREATE INDEX `acknowledgements_plan_idx` ON `acknowledgements` (`plan_id`);--> statement-breakpoint
CREATE INDEX `acknowledgements_template_task_idx` ON `acknowledgements` (`template_task_id`,`sha256`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`purpose` text NOT NULL,
	`plan_id` text,
	`task_id` text,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` text,
	`client_upload_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `onboarding_tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_task_idx` ON `files` (`task_id`);--> statement-breakpoint
CREATE INDEX `files_plan_idx` ON `files` (`plan_id`);--> statement-breakpoint
CREATE INDEX `files_uploaded_by_idx` ON `files` (`uploaded_by`);--> statement-breakpoint
CREATE UNIQUE INDEX `files_client_upload_idx` ON `files` (`company_id`,`client_upload_id`);--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `form_questions` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `policy_text` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `policy_file` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `upload_kinds` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `form_answers` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `form_submitted_at` text;--> statement-breakpoint
ALTER TABLE `onboarding_tasks` ADD `uploads` text;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `form_questions` text;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `policy_text` text;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `policy_file` text;--> statement-breakpoint
ALTER TABLE `template_tasks` ADD `upload_kinds` text;