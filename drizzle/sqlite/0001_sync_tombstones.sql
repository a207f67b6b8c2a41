CREATE TABLE `sync_tombstones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`company_id` text NOT NULL,
	`user_id` text,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_tombstones_company_version_idx` ON `sync_tombstones` (`company_id`,`version`);--> statement-breakpoint
CREATE INDEX `sync_tombstones_user_idx` ON `sync_tombstones` (`user_id`);