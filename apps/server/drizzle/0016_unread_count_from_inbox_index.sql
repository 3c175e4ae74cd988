-- Decision 133: the unread count reads the inbox index, which now carries read_at (an
-- index-only scan of the user's entries), instead of a partial index of its own — one index
-- entry fewer for every notification written. drizzle cannot declare INCLUDE: the schema keeps
-- declaring notifications_user_seq_idx on (user_id, seq desc), which this index still is.
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "notifications_user_seq_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq" DESC NULLS LAST) INCLUDE ("read_at");
