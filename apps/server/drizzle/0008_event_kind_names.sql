-- Issue 12, one word per concept: the change event "a tournament added to a known competition"
-- was `new_tournament` (the name of the spec's notification for a new matching competition),
-- and "a scoreboard was published" was `new_draw` (draw also names a tournament and its type).
-- Stored kinds and dedupe keys follow, so a later pass does not record the same change again.
UPDATE "competition_events"
SET "kind" = 'tournament_added',
  "dedupe_key" = 'tournament_added' || substr("dedupe_key", length('new_tournament') + 1)
WHERE "kind" = 'new_tournament';
--> statement-breakpoint
UPDATE "competition_events"
SET "kind" = 'new_scoreboard',
  "dedupe_key" = 'new_scoreboard' || substr("dedupe_key", length('new_draw') + 1)
WHERE "kind" = 'new_draw';
