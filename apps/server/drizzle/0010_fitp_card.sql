CREATE TABLE "fitp_card_entries" (
	"user_id" uuid NOT NULL,
	"tournament_uuid" text NOT NULL,
	"competition_guid" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fitp_card_entries_user_id_tournament_uuid_pk" PRIMARY KEY("user_id","tournament_uuid")
);
--> statement-breakpoint
CREATE TABLE "fitp_card_follows" (
	"user_id" uuid NOT NULL,
	"tournament_uuid" text NOT NULL,
	"competition_guid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fitp_card_follows_user_id_tournament_uuid_pk" PRIMARY KEY("user_id","tournament_uuid")
);
--> statement-breakpoint
CREATE TABLE "fitp_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"card_number" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"tennis_club" text,
	"municipality" text,
	"province" text,
	"category" text,
	"ranking" text,
	"max_rank" text,
	"max_rank_season" text,
	"federation_updated_at" timestamp with time zone,
	"fetched_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"auto_follow" boolean DEFAULT true NOT NULL,
	"sync_pending" boolean DEFAULT false NOT NULL,
	"sync_deferred_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fitp_mismatch_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"card_number" text,
	"message" text NOT NULL,
	"snapshot" text,
	"created_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fitp_card_entries" ADD CONSTRAINT "fitp_card_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitp_card_follows" ADD CONSTRAINT "fitp_card_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitp_cards" ADD CONSTRAINT "fitp_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitp_mismatch_reports" ADD CONSTRAINT "fitp_mismatch_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fitp_cards_card_idx" ON "fitp_cards" USING btree ("card_number");--> statement-breakpoint
CREATE INDEX "fitp_mismatch_reports_created_idx" ON "fitp_mismatch_reports" USING btree ("created_at" DESC NULLS LAST);