ALTER TABLE "contact_messages" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "contact_messages" SET "name" = trim("first_name" || ' ' || "last_name");