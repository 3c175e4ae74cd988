CREATE TABLE "order_of_play_texts" (
	"competition_guid" text NOT NULL,
	"file_name" text NOT NULL,
	"words" jsonb NOT NULL,
	"extracted_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone,
	CONSTRAINT "order_of_play_texts_competition_guid_file_name_pk" PRIMARY KEY("competition_guid","file_name")
);
--> statement-breakpoint
ALTER TABLE "order_of_play_texts" ADD CONSTRAINT "order_of_play_texts_competition_guid_competitions_guid_fk" FOREIGN KEY ("competition_guid") REFERENCES "public"."competitions"("guid") ON DELETE cascade ON UPDATE no action;