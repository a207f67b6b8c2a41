-- Notes staff wrote to each other about a plan before staff notes had their own audience (decision 006):
-- neither side is the plan's new hire. Mark them 'staff', and tell the new hire's devices to drop the
-- copies they already pulled (a tombstone at a fresh company version, as any other removal).
UPDATE "messages" SET "audience" = 'staff'
WHERE "audience" = 'plan' AND EXISTS (
  SELECT 1 FROM "onboarding_plans" p
  WHERE p."id" = "messages"."plan_id" AND p."new_hire_id" <> "messages"."sender_id" AND p."new_hire_id" <> "messages"."receiver_id"
);--> statement-breakpoint
INSERT INTO "sync_tombstones" ("entity", "entity_id", "company_id", "user_id", "version", "created_at")
SELECT 'message', m."id", m."company_id", p."new_hire_id", c."version" + 1, now()
FROM "messages" m
JOIN "onboarding_plans" p ON p."id" = m."plan_id"
JOIN "companies" c ON c."id" = m."company_id"
WHERE m."audience" = 'staff';--> statement-breakpoint
UPDATE "companies" SET "version" = "version" + 1
WHERE "id" IN (SELECT "company_id" FROM "messages" WHERE "audience" = 'staff');
