-- Decision 133: the matching query reads, per new competition, the candidate filters of its
-- places and draws from filters_match_idx and tests the whole predicate on each. The index now
-- also carries every column the predicate, the reasons and the grouping read (INCLUDE), so the
-- candidates are tested in the index (an index-only scan) instead of a heap visit each: at 1,000
-- competitions and 45,000 filters on, 990,000 buffer reads become 132,000. drizzle cannot declare
-- INCLUDE: the schema keeps declaring the index's key expressions, which are unchanged.
DROP INDEX "filters_match_idx";--> statement-breakpoint
CREATE INDEX "filters_match_idx" ON "filters" USING btree ((case when "province_id" is not null then -"province_id" when "region_id" is not null then "region_id" else 0 end),(coalesce("tipo_torneo", '*') || '|' || coalesce("cat_class"::text, '*') || '|' || coalesce("cat_eta", '*'))) INCLUDE ("user_id", "region_id", "province_id", "cod_fonte", "id_statopuc", "data_inizio", "data_fine", "time_period", "prize", "tipo_torneo", "cat_class", "cat_eta") WHERE "filters"."notifications_enabled";
