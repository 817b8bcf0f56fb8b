CREATE TABLE "ledger_checks" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "ledger_checks_one_row" CHECK ("ledger_checks"."id" = 1)
);
