-- Two submissions sent at once could both have been kept. A user's newest pending one stays the one
-- under review; older pending ones are declined as replaced by it, so the unique index can be built.
UPDATE "verifications" SET "status" = 'declined', "reason" = 'Replaced by a later submission.', "reviewed_at" = now()
WHERE "status" = 'pending' AND EXISTS (
  SELECT 1 FROM "verifications" AS "newer"
  WHERE "newer"."user_id" = "verifications"."user_id" AND "newer"."status" = 'pending' AND "newer"."id" > "verifications"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_one_pending_per_user" ON "verifications" USING btree ("user_id") WHERE "verifications"."status" = 'pending';