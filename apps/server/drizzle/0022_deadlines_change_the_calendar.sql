-- Decision 206 (hand-written, like 0015): a band's deadline decides "Puoi iscriverti" and the
-- search's "only tournaments I can enter", so a change of the per-band deadlines changes what a
-- search can show: it bumps the calendar version (decision 132) as tournaments do.
CREATE TRIGGER "tournament_deadlines_calendar_rows" AFTER INSERT OR UPDATE OR DELETE ON "tournament_deadlines"
  FOR EACH ROW EXECUTE FUNCTION "calendar_changed"();--> statement-breakpoint
CREATE TRIGGER "tournament_deadlines_calendar_truncate" AFTER TRUNCATE ON "tournament_deadlines"
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_changed"();
