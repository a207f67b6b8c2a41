ALTER TABLE "onboarding_plans" ADD COLUMN "kind" text DEFAULT 'onboarding' NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "business_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "buddy_id" text;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "new_hire_tasks_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "new_hire_tasks_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "opens_on" date;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "release_on" date;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "completed_by" text;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "assignee_kind" text DEFAULT 'new_hire' NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "assignee_person_id" text;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "release_days_before" integer;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "assignee_kind" text DEFAULT 'new_hire' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "assignee_person_id" text;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "release_days_before" integer;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "kind" text DEFAULT 'onboarding' NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "business_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD CONSTRAINT "onboarding_plans_buddy_id_users_id_fk" FOREIGN KEY ("buddy_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD CONSTRAINT "onboarding_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD CONSTRAINT "onboarding_tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD CONSTRAINT "onboarding_tasks_assignee_person_id_users_id_fk" FOREIGN KEY ("assignee_person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD CONSTRAINT "template_tasks_assignee_person_id_users_id_fk" FOREIGN KEY ("assignee_person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_buddy_idx" ON "onboarding_plans" USING btree ("buddy_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "onboarding_tasks" USING btree ("assignee_id","deleted_at","is_completed","due_date");--> statement-breakpoint
-- Every task made before assignees existed is the new hire's; its window's first day becomes a date (calendar
-- days, as its due date was). The tasks get a fresh company version, so devices pull them again with the new fields.
UPDATE "companies" SET "version" = "version" + 1
WHERE "id" IN (SELECT "company_id" FROM "onboarding_plans");--> statement-breakpoint
UPDATE "onboarding_tasks" t SET
  "assignee_id" = p."new_hire_id",
  "opens_on" = CASE WHEN t."day_start" IS NULL THEN NULL ELSE p."start_date" + (t."day_start" - 1) END,
  "version" = c."version"
FROM "onboarding_plans" p, "companies" c
WHERE p."id" = t."plan_id" AND c."id" = t."company_id";--> statement-breakpoint
UPDATE "onboarding_plans" p SET "new_hire_tasks_total" = p."tasks_total", "new_hire_tasks_done" = p."tasks_done", "version" = c."version"
FROM "companies" c
WHERE c."id" = p."company_id";
