CREATE TABLE "company_completion_months" (
	"company_id" text NOT NULL,
	"month" text NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_completion_months_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "company_template_stats" (
	"company_id" text NOT NULL,
	"template_id" text DEFAULT '' NOT NULL,
	"plans" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"progress_sum" integer DEFAULT 0 NOT NULL,
	"tasks_total" integer DEFAULT 0 NOT NULL,
	"tasks_done" integer DEFAULT 0 NOT NULL,
	"progress_upto_25" integer DEFAULT 0 NOT NULL,
	"progress_upto_50" integer DEFAULT 0 NOT NULL,
	"progress_upto_75" integer DEFAULT 0 NOT NULL,
	"progress_above_75" integer DEFAULT 0 NOT NULL,
	"days_to_complete_sum" integer DEFAULT 0 NOT NULL,
	"days_to_complete_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_template_stats_company_id_template_id_pk" PRIMARY KEY("company_id","template_id")
);
--> statement-breakpoint
DROP INDEX "plans_company_updated_idx";--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "tasks_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onboarding_plans" ADD COLUMN "tasks_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_completion_months" ADD CONSTRAINT "company_completion_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_template_stats" ADD CONSTRAINT "company_template_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_company_updated_idx" ON "onboarding_plans" USING btree ("company_id","deleted_at","updated_at","id");