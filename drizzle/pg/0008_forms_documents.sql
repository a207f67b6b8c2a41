CREATE TABLE "acknowledgements" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"task_id" text NOT NULL,
	"template_task_id" text,
	"user_id" text,
	"typed_name" text NOT NULL,
	"accepted_at" timestamp(3) with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"sha256" text NOT NULL,
	"version" integer NOT NULL,
	"policy_text" text,
	"policy_file" jsonb
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"purpose" text NOT NULL,
	"plan_id" text,
	"task_id" text,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text,
	"client_upload_id" text,
	"created_at" timestamp(3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "form_questions" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "policy_text" text;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "policy_file" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "upload_kinds" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "form_answers" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "form_submitted_at" timestamp(3) with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_tasks" ADD COLUMN "uploads" jsonb;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "form_questions" jsonb;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "policy_text" text;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "policy_file" jsonb;--> statement-breakpoint
ALTER TABLE "template_tasks" ADD COLUMN "upload_kinds" jsonb;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_plan_id_onboarding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."onboarding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_task_id_onboarding_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."onboarding_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgements" ADD CONSTRAINT "acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_plan_id_onboarding_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."onboarding_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_task_id_onboarding_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."onboarding_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acknowledgements_task_idx" ON "acknowledgements" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "acknowledgements_plan_idx" ON "acknowledgements" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "acknowledgements_template_task_idx" ON "acknowledgements" USING btree ("template_task_id","sha256");--> statement-breakpoint
CREATE INDEX "files_task_idx" ON "files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "files_plan_idx" ON "files" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "files_client_upload_idx" ON "files" USING btree ("company_id","client_upload_id");