ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "filters_match_idx";--> statement-breakpoint
DROP INDEX "reminders_pending_due_idx";--> statement-breakpoint
CREATE INDEX "filters_match_idx" ON "filters" USING btree ((case when "province_id" is not null then -"province_id" when "region_id" is not null then "region_id" else 0 end),(coalesce("tipo_torneo", '*') || '|' || coalesce("cat_class"::text, '*') || '|' || coalesce("cat_eta", '*'))) WHERE "filters"."notifications_enabled";--> statement-breakpoint
CREATE INDEX "reminders_pending_due_idx" ON "reminders" USING btree ("due_at","id") WHERE "reminders"."status" = 'pending';