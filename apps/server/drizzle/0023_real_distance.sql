ALTER TABLE "competitions" ADD COLUMN "venue_lat" double precision;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "venue_lng" double precision;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "venue_source" text;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "within_km" integer;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "near_postal_code" text;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "near_lat" double precision;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "near_lng" double precision;