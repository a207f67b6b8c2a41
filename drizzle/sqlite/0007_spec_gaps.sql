CREATE TABLE `subscription_cancellations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`subscription_id` text,
	`user_id` text,
	`reason` text NOT NULL,
	`feedback` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `subscription_cancellations_company_idx` ON `subscription_cancellations` (`company_id`);--> statement-breakpoint
CREATE TABLE `template_presence` (
	`template_id` text NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text NOT NULL,
	`seen_at` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `template_presence_unique` ON `template_presence` (`template_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `city` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `audience` text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_transactions` ADD `flag` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `payhere_subscription_id` text;