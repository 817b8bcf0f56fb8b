ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_balance_not_negative";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "disputed_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "overdraft" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_payment_ref_unique" UNIQUE("provider","payment_ref");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reversal_within_credit" CHECK ("deposits"."refunded_amount" >= 0 and "deposits"."disputed_amount" >= 0 and "deposits"."refunded_amount" + "deposits"."disputed_amount" <= "deposits"."internal_amount");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_overdraft_not_negative" CHECK ("ledger_accounts"."overdraft" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_not_negative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" + "ledger_accounts"."overdraft" >= 0);--> statement-breakpoint
-- A wallet goes below zero only through a deposit's reversal (decision 0027): such an entry sets
-- the wallet's overdraft to how far below zero it leaves it; any other entry can only lower the
-- overdraft (a credit settles it), so a debit never takes a wallet further below zero than a
-- reversal did, and the balance's CHECK refuses it as before.
CREATE OR REPLACE FUNCTION "ledger_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversal boolean := (SELECT "kind" = 'deposit_reversal' FROM "ledger_transactions" WHERE "id" = NEW."transaction_id");
BEGIN
  UPDATE "ledger_accounts" SET
    "balance" = "balance" + NEW."amount",
    "overdraft" = CASE
      WHEN reversal THEN greatest(0, -("balance" + NEW."amount"))
      ELSE least("overdraft", greatest(0, -("balance" + NEW."amount")))
    END
  WHERE "id" = NEW."account_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_guard_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."balance" <> 0 OR NEW."overdraft" <> 0 THEN
      RAISE EXCEPTION 'ledger account % must start with a balance of 0, not %', NEW."code", NEW."balance"
        USING ERRCODE = 'restrict_violation';
    END IF;
  ELSIF (NEW."balance" IS DISTINCT FROM OLD."balance" OR NEW."overdraft" IS DISTINCT FROM OLD."overdraft")
    AND pg_trigger_depth() < 2 THEN
    -- Depth 1 is this trigger fired by a statement; the entries' trigger runs it at depth 2.
    RAISE EXCEPTION 'the balance of ledger account % changes only through ledger entries', OLD."code"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
