DROP INDEX "notification_deliveries_batch_idx";--> statement-breakpoint
DROP INDEX "notification_deliveries_notification_channel_idx";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "notification_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "notification_ids" uuid[];--> statement-breakpoint
-- Email deliveries not settled yet (decision 131): each becomes an email row carrying its one
-- notification, so the worker reads them like new rows (their queued jobs still name them and the
-- claim still takes every pending email row of the user and batch: one message, as before).
-- Settled rows are history and keep their notification_id.
UPDATE "notification_deliveries" SET "notification_ids" = ARRAY["notification_id"], "notification_id" = NULL WHERE "channel" = 'email' AND "status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_deliveries_email_batch_idx" ON "notification_deliveries" USING btree ("user_id","batch_id") WHERE "notification_deliveries"."channel" = 'email';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_notification_channel_idx" ON "notification_deliveries" USING btree ("notification_id","channel") WHERE "notification_deliveries"."notification_id" is not null;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_target_check" CHECK ("notification_deliveries"."notification_id" is not null or ("notification_deliveries"."channel" = 'email' and "notification_deliveries"."notification_ids" is not null));