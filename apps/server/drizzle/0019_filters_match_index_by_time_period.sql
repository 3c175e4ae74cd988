-- Decision 137: the matching query looks up, per new competition, the candidate filters of its
-- places and draws; most filters also set a near time window ("next month", "next 3 months"), so
-- most candidates of a competition months away failed the predicate on their time period. The
-- period is now the index's third key and the query asks only for the periods whose window
-- overlaps the competition (`filterCandidateSql`). The INCLUDE list of migration 0017 stays (time
-- period is a key column now, the predicate reads it from there); drizzle cannot declare it.
DROP INDEX "filters_match_idx";--> statement-breakpoint
CREATE INDEX "filters_match_idx" ON "filters" USING btree ((case when "province_id" is not null then -"province_id" when "region_id" is not null then "region_id" else 0 end),(coalesce("tipo_torneo", '*') || '|' || coalesce("cat_class"::text, '*') || '|' || coalesce("cat_eta", '*')),"time_period") INCLUDE ("user_id", "region_id", "province_id", "cod_fonte", "id_statopuc", "data_inizio", "data_fine", "prize", "tipo_torneo", "cat_class", "cat_eta") WHERE "filters"."notifications_enabled";
