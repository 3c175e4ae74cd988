ALTER TABLE "fitp_cards" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "fitp_cards" ADD COLUMN "birth_year" integer;