CREATE INDEX "messages_plan_version_idx" ON "messages" USING btree ("plan_id","version");--> statement-breakpoint
CREATE INDEX "tasks_plan_version_idx" ON "onboarding_tasks" USING btree ("plan_id","version");--> statement-breakpoint
CREATE INDEX "tasks_assignee_version_idx" ON "onboarding_tasks" USING btree ("assignee_id","version");