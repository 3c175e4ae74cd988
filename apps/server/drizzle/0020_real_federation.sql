-- The real federation's dialect (decision 180). Entries, documents, orders of play and draws read
-- in the old, assumed dialect are keyed differently now: they are dropped here and read again by the
-- next ingestion pass (details are re-read because the fingerprint is cleared).
DELETE FROM "tournament_items";--> statement-breakpoint
DELETE FROM "participants";--> statement-breakpoint
UPDATE "competitions" SET "detail_fingerprint" = NULL;--> statement-breakpoint
CREATE TABLE "draws" (
	"tournament_uuid" text NOT NULL,
	"section_code" text NOT NULL,
	"competition_guid" text NOT NULL,
	"matches" jsonb NOT NULL,
	"checksum" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "draws_tournament_uuid_section_code_pk" PRIMARY KEY("tournament_uuid","section_code")
);
--> statement-breakpoint
CREATE TABLE "tournament_deadlines" (
	"tournament_uuid" text NOT NULL,
	"ordinal" integer NOT NULL,
	"min_rank" text NOT NULL,
	"max_rank" text NOT NULL,
	"closes_at" timestamp with time zone,
	"by_referee" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tournament_deadlines_tournament_uuid_ordinal_pk" PRIMARY KEY("tournament_uuid","ordinal")
);
--> statement-breakpoint
DROP INDEX "tournament_items_competition_idx";--> statement-breakpoint
ALTER TABLE "tournament_items" DROP CONSTRAINT "tournament_items_tournament_uuid_kind_item_id_pk";--> statement-breakpoint
ALTER TABLE "participants" ALTER COLUMN "membership_card" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_items" ALTER COLUMN "tournament_uuid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_events" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "end_date_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "tpra_id" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "federation_competition_id" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "sector" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "bands" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "age_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "draw_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "pair" integer;--> statement-breakpoint
ALTER TABLE "tournament_items" ADD COLUMN "item_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_items" ADD CONSTRAINT "tournament_items_competition_guid_kind_item_key_pk" PRIMARY KEY("competition_guid","kind","item_key");--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "tournament_id" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "age_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "available_rankings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "registration_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "fee" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "weekday_match_time" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "festive_match_time" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "billboard_time" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "night_play" boolean;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "courts" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "federation_status" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "venue" jsonb;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_tournament_uuid_tournaments_uuid_fk" FOREIGN KEY ("tournament_uuid") REFERENCES "public"."tournaments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_competition_guid_competitions_guid_fk" FOREIGN KEY ("competition_guid") REFERENCES "public"."competitions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_deadlines" ADD CONSTRAINT "tournament_deadlines_tournament_uuid_tournaments_uuid_fk" FOREIGN KEY ("tournament_uuid") REFERENCES "public"."tournaments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_items_tournament_idx" ON "tournament_items" USING btree ("tournament_uuid");--> statement-breakpoint
ALTER TABLE "competition_events" DROP COLUMN "item_id";--> statement-breakpoint
ALTER TABLE "participants" DROP COLUMN "participant_id";--> statement-breakpoint
ALTER TABLE "tournament_items" DROP COLUMN "item_id";