CREATE TABLE "calendar_changes" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"settled" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "calendar_version" ("id", "settled") VALUES (1, 0);--> statement-breakpoint
-- Decision 132: a transaction that changes what a search can show adds its one row (the first
-- change of the transaction writes it; the transaction-local setting skips the rest).
CREATE FUNCTION "calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('radar.calendar_changed', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO "calendar_changes" ("txid") VALUES (txid_current()) ON CONFLICT DO NOTHING;
    PERFORM set_config('radar.calendar_changed', 'on', true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows inserted or deleted; rows updated in anything but the sync bookkeeping (a detail read
-- that changed nothing touches only those columns, and must not empty the search's cache).
CREATE TRIGGER "competitions_calendar_rows" AFTER INSERT OR DELETE ON "competitions"
  FOR EACH ROW EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "competitions_calendar_update" AFTER UPDATE ON "competitions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{list_synced_at,detail_synced_at,detail_modified_at,detail_status,updated_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{list_synced_at,detail_synced_at,detail_modified_at,detail_status,updated_at}'::text[]))
  EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "competitions_calendar_truncate" AFTER TRUNCATE ON "competitions"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournaments_calendar_rows" AFTER INSERT OR DELETE ON "tournaments"
  FOR EACH ROW EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournaments_calendar_update" AFTER UPDATE ON "tournaments" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'updated_at'))
  EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournaments_calendar_truncate" AFTER TRUNCATE ON "tournaments"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournament_items_calendar_rows" AFTER INSERT OR UPDATE OR DELETE ON "tournament_items"
  FOR EACH ROW EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournament_items_calendar_truncate" AFTER TRUNCATE ON "tournament_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();
