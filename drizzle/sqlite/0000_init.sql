CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`plan_type` text DEFAULT 'starter' NOT NULL,
	`helpful_resources` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_plan_idx` ON `messages` (`plan_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_receiver_idx` ON `messages` (`receiver_id`,`is_read`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`);--> statement-breakpoint
CREATE INDEX `messages_version_idx` ON `messages` (`version`);--> statement-breakpoint
CREATE TABLE `onboarding_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`new_hire_id` text NOT NULL,
	`template_id` text,
	`manager_id` text,
	`company_id` text NOT NULL,
	`created_by` text,
	`start_date` text NOT NULL,
	`current_phase` text,
	`is_completed` integer DEFAULT false NOT NULL,
	`completed_at` text,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`new_hire_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `plans_company_idx` ON `onboarding_plans` (`company_id`,`is_completed`);--> statement-breakpoint
CREATE INDEX `plans_new_hire_idx` ON `onboarding_plans` (`new_hire_id`);--> statement-breakpoint
CREATE INDEX `plans_manager_idx` ON `onboarding_plans` (`manager_id`);--> statement-breakpoint
CREATE INDEX `plans_template_idx` ON `onboarding_plans` (`template_id`);--> statement-breakpoint
CREATE INDEX `plans_created_by_idx` ON `onboarding_plans` (`created_by`);--> statement-breakpoint
CREATE INDEX `plans_version_idx` ON `onboarding_plans` (`version`);--> statement-breakpoint
CREATE TABLE `onboarding_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
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
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tasks_plan_idx` ON `onboarding_tasks` (`plan_id`,`order`);--> statement-breakpoint
CREATE INDEX `tasks_version_idx` ON `onboarding_tasks` (`version`);--> statement-breakpoint
CREATE TABLE `payment_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text,
	`company_id` text,
	`order_id` text NOT NULL,
	`payment_id` text,
	`amount` text,
	`currency` text,
	`status` text NOT NULL,
	`payment_method` text,
	`card_holder_name` text,
	`card_no` text,
	`status_code` text,
	`status_message` text,
	`custom_fields` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_transactions_subscription_idx` ON `payment_transactions` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `payment_transactions_company_idx` ON `payment_transactions` (`company_id`);--> statement-breakpoint
CREATE INDEX `payment_transactions_order_idx` ON `payment_transactions` (`order_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`plan_type` text NOT NULL,
	`billing_period` text DEFAULT 'monthly' NOT NULL,
	`amount` text NOT NULL,
	`currency` text DEFAULT 'LKR' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_method` text,
	`payhere_order_id` text,
	`payhere_payment_id` text,
	`start_date` text,
	`end_date` text,
	`cancelled_at` text,
	`is_active` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_order_unique` ON `subscriptions` (`payhere_order_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_company_idx` ON `subscriptions` (`company_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_mutation_id` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_clients_user_idx` ON `sync_clients` (`user_id`);--> statement-breakpoint
CREATE TABLE `sync_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `template_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`day_start` integer NOT NULL,
	`day_end` integer NOT NULL,
	`order` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_sections_template_idx` ON `template_sections` (`template_id`,`order`);--> statement-breakpoint
CREATE TABLE `template_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`section_id` text NOT NULL,
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
	FOREIGN KEY (`section_id`) REFERENCES `template_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_tasks_section_idx` ON `template_tasks` (`section_id`,`order`);--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`company_id` text NOT NULL,
	`created_by` text,
	`duration` integer DEFAULT 90 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `templates_company_idx` ON `templates` (`company_id`);--> statement-breakpoint
CREATE INDEX `templates_created_by_idx` ON `templates` (`created_by`);--> statement-breakpoint
CREATE INDEX `templates_version_idx` ON `templates` (`version`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`role` text DEFAULT 'new_hire' NOT NULL,
	`company_id` text NOT NULL,
	`manager_id` text,
	`full_name` text,
	`password` text,
	`company_name` text,
	`account_type` text,
	`is_email_verified` integer DEFAULT false NOT NULL,
	`email_verification_token` text,
	`email_verification_expires` text,
	`auth_provider` text DEFAULT 'custom' NOT NULL,
	`provider_user_id` text,
	`last_sign_in_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`manager_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`role`);--> statement-breakpoint
CREATE INDEX `users_manager_idx` ON `users` (`manager_id`);