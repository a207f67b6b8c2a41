-- Hand-edited: SQLite cannot add a NOT NULL foreign key column in place, so the five tables that gain
-- `company_id` (the shard key) are rebuilt and filled from their parents. The migrator runs with foreign
-- keys off (SQLite's own procedure for table rebuilds); api/db/engines/sqlite.ts checks them afterwards.
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);--> statement-breakpoint
ALTER TABLE `companies` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Per-company counters start where the global one stood, so every client's cursor stays valid.
UPDATE `companies` SET `version` = (SELECT `version` FROM `sync_state` WHERE `id` = 1) WHERE EXISTS (SELECT 1 FROM `sync_state` WHERE `id` = 1);--> statement-breakpoint
DROP TABLE `sync_state`;--> statement-breakpoint
CREATE TABLE `__new_template_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`day_start` integer NOT NULL,
	`day_end` integer NOT NULL,
	`order` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_template_sections` (`id`, `template_id`, `title`, `description`, `day_start`, `day_end`, `order`, `created_at`, `company_id`) SELECT o.`id`, o.`template_id`, o.`title`, o.`description`, o.`day_start`, o.`day_end`, o.`order`, o.`created_at`, (SELECT `company_id` FROM `templates` WHERE `templates`.`id` = o.`template_id`) FROM `template_sections` o;--> statement-breakpoint
DROP TABLE `template_sections`;--> statement-breakpoint
ALTER TABLE `__new_template_sections` RENAME TO `template_sections`;--> statement-breakpoint
CREATE INDEX `template_sections_template_idx` ON `template_sections` (`template_id`,`order`);--> statement-breakpoint
CREATE TABLE `__new_template_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`section_id` text NOT NULL,
	`company_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`resource_url` text,
	`video_url` text,
	`video_title` text,
	`attachments` text,
	`checklist_items` text,
	`person_name` text,
	`person_role` text,
	`person_photo` text,
	`meeting_title` text,
	`meeting_attendees` text,
	`meeting_date` text,
	`order` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`section_id`) REFERENCES `template_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_template_tasks` (`id`, `section_id`, `title`, `description`, `type`, `resource_url`, `video_url`, `video_title`, `attachments`, `checklist_items`, `person_name`, `person_role`, `person_photo`, `meeting_title`, `meeting_attendees`, `meeting_date`, `order`, `created_at`, `company_id`) SELECT o.`id`, o.`section_id`, o.`title`, o.`description`, o.`type`, o.`resource_url`, o.`video_url`, o.`video_title`, o.`attachments`, o.`checklist_items`, o.`person_name`, o.`person_role`, o.`person_photo`, o.`meeting_title`, o.`meeting_attendees`, o.`meeting_date`, o.`order`, o.`created_at`, (SELECT `company_id` FROM `template_sections` WHERE `template_sections`.`id` = o.`section_id`) FROM `template_tasks` o;--> statement-breakpoint
DROP TABLE `template_tasks`;--> statement-breakpoint
ALTER TABLE `__new_template_tasks` RENAME TO `template_tasks`;--> statement-breakpoint
CREATE INDEX `template_tasks_section_idx` ON `template_tasks` (`section_id`,`order`);--> statement-breakpoint
CREATE TABLE `__new_onboarding_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`company_id` text NOT NULL,
	`template_task_id` text,
	`section_title` text,
	`day_start` integer,
	`day_end` integer,
	`due_date` text,
	`is_completed` integer DEFAULT false NOT NULL,
	`completed_at` text,
	`title` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`resource_url` text,
	`video_url` text,
	`video_title` text,
	`attachments` text,
	`checklist_items` text,
	`person_name` text,
	`person_role` text,
	`person_photo` text,
	`meeting_title` text,
	`meeting_attendees` text,
	`meeting_date` text,
	`order` integer NOT NULL,
	`created_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_onboarding_tasks` (`id`, `plan_id`, `template_task_id`, `section_title`, `day_start`, `day_end`, `due_date`, `is_completed`, `completed_at`, `title`, `description`, `type`, `resource_url`, `video_url`, `video_title`, `attachments`, `checklist_items`, `person_name`, `person_role`, `person_photo`, `meeting_title`, `meeting_attendees`, `meeting_date`, `order`, `created_at`, `version`, `deleted_at`, `updated_at`, `company_id`) SELECT o.`id`, o.`plan_id`, o.`template_task_id`, o.`section_title`, o.`day_start`, o.`day_end`, o.`due_date`, o.`is_completed`, o.`completed_at`, o.`title`, o.`description`, o.`type`, o.`resource_url`, o.`video_url`, o.`video_title`, o.`attachments`, o.`checklist_items`, o.`person_name`, o.`person_role`, o.`person_photo`, o.`meeting_title`, o.`meeting_attendees`, o.`meeting_date`, o.`order`, o.`created_at`, o.`version`, o.`deleted_at`, o.`updated_at`, (SELECT `company_id` FROM `onboarding_plans` WHERE `onboarding_plans`.`id` = o.`plan_id`) FROM `onboarding_tasks` o;--> statement-breakpoint
DROP TABLE `onboarding_tasks`;--> statement-breakpoint
ALTER TABLE `__new_onboarding_tasks` RENAME TO `onboarding_tasks`;--> statement-breakpoint
CREATE INDEX `tasks_plan_idx` ON `onboarding_tasks` (`plan_id`,`order`);--> statement-breakpoint
CREATE INDEX `tasks_version_idx` ON `onboarding_tasks` (`version`);--> statement-breakpoint
CREATE INDEX `tasks_plan_progress_idx` ON `onboarding_tasks` (`plan_id`,`deleted_at`,`is_completed`);--> statement-breakpoint
CREATE TABLE `__new_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`company_id` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_messages` (`id`, `sender_id`, `receiver_id`, `plan_id`, `content`, `is_read`, `version`, `deleted_at`, `created_at`, `company_id`) SELECT o.`id`, o.`sender_id`, o.`receiver_id`, o.`plan_id`, o.`content`, o.`is_read`, o.`version`, o.`deleted_at`, o.`created_at`, (SELECT `company_id` FROM `onboarding_plans` WHERE `onboarding_plans`.`id` = o.`plan_id`) FROM `messages` o;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
ALTER TABLE `__new_messages` RENAME TO `messages`;--> statement-breakpoint
CREATE INDEX `messages_plan_idx` ON `messages` (`plan_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_receiver_idx` ON `messages` (`receiver_id`,`is_read`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`);--> statement-breakpoint
CREATE INDEX `messages_version_idx` ON `messages` (`version`);--> statement-breakpoint
CREATE TABLE `__new_sync_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`last_mutation_id` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_sync_clients` (`client_id`, `user_id`, `last_mutation_id`, `updated_at`, `company_id`) SELECT o.`client_id`, o.`user_id`, o.`last_mutation_id`, o.`updated_at`, (SELECT `company_id` FROM `users` WHERE `users`.`id` = o.`user_id`) FROM `sync_clients` o;--> statement-breakpoint
DROP TABLE `sync_clients`;--> statement-breakpoint
ALTER TABLE `__new_sync_clients` RENAME TO `sync_clients`;--> statement-breakpoint
CREATE INDEX `sync_clients_user_idx` ON `sync_clients` (`user_id`);
