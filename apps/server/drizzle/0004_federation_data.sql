CREATE TABLE "competition_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"competition_guid" text NOT NULL,
	"tournament_uuid" text,
	"item_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"guid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"club" text,
	"city" text,
	"province_sigla" text,
	"province_id" integer,
	"region_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cod_fonte" integer,
	"fonte_label" text,
	"id_disciplina" text,
	"id_stato" integer,
	"tipo_torneo" text,
	"cat_class" integer,
	"cat_eta" text,
	"draw_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"prize_money" integer DEFAULT 0 NOT NULL,
	"online_registration" boolean,
	"authorized" boolean,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"federation_modified_at" timestamp with time zone,
	"rules_url" text,
	"external_url" text,
	"search_text" text NOT NULL,
	"participants_count" integer DEFAULT 0 NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"list_synced_at" timestamp with time zone NOT NULL,
	"detail_synced_at" timestamp with time zone,
	"detail_modified_at" timestamp with time zone,
	"detail_status" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_status" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"last_ingest_started_at" timestamp with time zone,
	"last_ingest_finished_at" timestamp with time zone,
	"last_ingest_summary" jsonb,
	"baseline_completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"tournament_uuid" text NOT NULL,
	"ordinal" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"membership_card" text,
	"ranking" text,
	"subscription_date" timestamp with time zone,
	"club" text,
	CONSTRAINT "participants_tournament_uuid_ordinal_pk" PRIMARY KEY("tournament_uuid","ordinal")
);
--> statement-breakpoint
CREATE TABLE "tournament_items" (
	"tournament_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"competition_guid" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"play_date" date,
	"published_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tournament_items_tournament_uuid_kind_item_id_pk" PRIMARY KEY("tournament_uuid","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"uuid" text PRIMARY KEY NOT NULL,
	"competition_guid" text NOT NULL,
	"ordinal" integer NOT NULL,
	"description" text NOT NULL,
	"type" text,
	"category_class" integer,
	"age_category" text,
	"ranking_limit" text,
	"is_double" boolean,
	"participants_count" integer DEFAULT 0 NOT NULL,
	"max_participants" integer,
	"admission_type" text,
	"surface" text,
	"balls" text,
	"match_format" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"cod_fonte" integer DEFAULT 0 NOT NULL,
	"id_statopuc" integer DEFAULT 0 NOT NULL,
	"data_inizio" date,
	"data_fine" date,
	"region_id" integer,
	"province_id" integer,
	"prize" integer DEFAULT 0 NOT NULL,
	"tipo_torneo" text,
	"cat_class" integer,
	"cat_eta" text,
	"time_period" text DEFAULT 'all' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"competition_guid" text NOT NULL,
	"tournament_uuid" text NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	"notifications_before_lost" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competition_events" ADD CONSTRAINT "competition_events_competition_guid_competitions_guid_fk" FOREIGN KEY ("competition_guid") REFERENCES "public"."competitions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_tournament_uuid_tournaments_uuid_fk" FOREIGN KEY ("tournament_uuid") REFERENCES "public"."tournaments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_items" ADD CONSTRAINT "tournament_items_tournament_uuid_tournaments_uuid_fk" FOREIGN KEY ("tournament_uuid") REFERENCES "public"."tournaments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_items" ADD CONSTRAINT "tournament_items_competition_guid_competitions_guid_fk" FOREIGN KEY ("competition_guid") REFERENCES "public"."competitions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_competition_guid_competitions_guid_fk" FOREIGN KEY ("competition_guid") REFERENCES "public"."competitions"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_events_dedupe_idx" ON "competition_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "competition_events_competition_idx" ON "competition_events" USING btree ("competition_guid");--> statement-breakpoint
CREATE INDEX "competition_events_created_idx" ON "competition_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "competitions_start_date_idx" ON "competitions" USING btree ("start_date","guid");--> statement-breakpoint
CREATE INDEX "competitions_end_date_idx" ON "competitions" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "competitions_region_idx" ON "competitions" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "competitions_province_idx" ON "competitions" USING btree ("province_id");--> statement-breakpoint
CREATE INDEX "competitions_added_at_idx" ON "competitions" USING btree ("added_at");--> statement-breakpoint
CREATE INDEX "competitions_draw_keys_idx" ON "competitions" USING gin ("draw_keys");--> statement-breakpoint
CREATE INDEX "participants_card_idx" ON "participants" USING btree ("membership_card");--> statement-breakpoint
CREATE INDEX "tournament_items_competition_idx" ON "tournament_items" USING btree ("competition_guid");--> statement-breakpoint
CREATE INDEX "tournament_items_published_idx" ON "tournament_items" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournaments_competition_idx" ON "tournaments" USING btree ("competition_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "filters_user_name_idx" ON "filters" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_tournament_idx" ON "subscriptions" USING btree ("user_id","tournament_uuid");--> statement-breakpoint
CREATE INDEX "subscriptions_tournament_idx" ON "subscriptions" USING btree ("tournament_uuid");--> statement-breakpoint
CREATE INDEX "subscriptions_competition_idx" ON "subscriptions" USING btree ("competition_guid");