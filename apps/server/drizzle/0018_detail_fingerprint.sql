ALTER TABLE "competitions" ADD COLUMN "detail_fingerprint" text;--> statement-breakpoint
-- Decision 134: the fingerprint is sync bookkeeping; writing it must not move the search's
-- calendar version (decision 132), like the other detail bookkeeping columns.
DROP TRIGGER "competitions_calendar_update" ON "competitions";--> statement-breakpoint
CREATE TRIGGER "competitions_calendar_update" AFTER UPDATE ON "competitions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{list_synced_at,detail_synced_at,detail_modified_at,detail_status,detail_fingerprint,updated_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{list_synced_at,detail_synced_at,detail_modified_at,detail_status,detail_fingerprint,updated_at}'::text[]))
  EXECUTE FUNCTION "calendar_changed"();
