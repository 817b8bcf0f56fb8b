ALTER TABLE "contact_messages" DROP COLUMN "first_name";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "last_name";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "post_code";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP COLUMN "country_iso";