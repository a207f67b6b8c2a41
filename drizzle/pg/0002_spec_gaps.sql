CREATE TABLE "subscription_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"subscription_id" text,
	"user_id" text,
	"reason" text NOT NULL,
	"feedback" text,
	"created_at" timestamp(3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_presence" (
	"template_id" text NOT NULL,
	"user_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seen_at" timestamp(3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "audience" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payhere_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cancellations" ADD CONSTRAINT "subscription_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_presence" ADD CONSTRAINT "template_presence_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_presence" ADD CONSTRAINT "template_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_presence" ADD CONSTRAINT "template_presence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_cancellations_company_idx" ON "subscription_cancellations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_presence_unique" ON "template_presence" USING btree ("template_id","user_id");