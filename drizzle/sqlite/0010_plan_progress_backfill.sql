-- Maintained counters (decision 008), filled from the rows that exist: each plan's live tasks and how
-- many are ticked, then each company's live plans summed per template and their completions per month,
-- by the rules of api/stats/plan-counters.ts (progress rounds as Math.round of done / total * 100 does;
-- months and days are UTC). Running it again gives the same counters.
UPDATE `onboarding_plans` SET
  `tasks_total` = (SELECT count(*) FROM `onboarding_tasks` t WHERE t.`plan_id` = `onboarding_plans`.`id` AND t.`deleted_at` IS NULL),
  `tasks_done` = (SELECT count(*) FROM `onboarding_tasks` t WHERE t.`plan_id` = `onboarding_plans`.`id` AND t.`deleted_at` IS NULL AND t.`is_completed` = 1);--> statement-breakpoint
DELETE FROM `company_template_stats`;--> statement-breakpoint
INSERT INTO `company_template_stats` (
  `company_id`, `template_id`, `plans`, `completed`, `progress_sum`, `tasks_total`, `tasks_done`,
  `progress_upto_25`, `progress_upto_50`, `progress_upto_75`, `progress_above_75`, `days_to_complete_sum`, `days_to_complete_count`
)
SELECT `company_id`, `template_id`, count(*), sum(`completed`), sum(`progress`), sum(`tasks_total`), sum(`tasks_done`),
  sum(CASE WHEN `progress` <= 25 THEN 1 ELSE 0 END), sum(CASE WHEN `progress` > 25 AND `progress` <= 50 THEN 1 ELSE 0 END),
  sum(CASE WHEN `progress` > 50 AND `progress` <= 75 THEN 1 ELSE 0 END), sum(CASE WHEN `progress` > 75 THEN 1 ELSE 0 END),
  coalesce(sum(`days`), 0), count(`days`)
FROM (
  SELECT `company_id`, coalesce(`template_id`, '') AS `template_id`, `tasks_total`, `tasks_done`,
    CASE WHEN `is_completed` THEN 1 ELSE 0 END AS `completed`,
    CASE WHEN `tasks_total` = 0 THEN 0 ELSE cast((cast(`tasks_done` AS real) / `tasks_total`) * 100 + 0.5 AS integer) END AS `progress`,
    CASE WHEN `is_completed` AND `completed_at` IS NOT NULL THEN cast(julianday(date(`completed_at`)) - julianday(`start_date`) AS integer) END AS `days`
  FROM `onboarding_plans`
  WHERE `deleted_at` IS NULL
) AS `plan`
GROUP BY `company_id`, `template_id`;--> statement-breakpoint
DELETE FROM `company_completion_months`;--> statement-breakpoint
INSERT INTO `company_completion_months` (`company_id`, `month`, `completed`)
SELECT `company_id`, strftime('%Y-%m', `completed_at`) AS `month`, count(*)
FROM `onboarding_plans`
WHERE `deleted_at` IS NULL AND `is_completed` AND `completed_at` IS NOT NULL
GROUP BY `company_id`, `month`;
