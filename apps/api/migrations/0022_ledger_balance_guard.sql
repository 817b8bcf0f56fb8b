-- An account's balance is the sum of its entries, kept by the database itself (decision 0020):
-- each new entry adds its amount to its account, and any other change of a balance is refused,
-- as a change of an entry is. The balance's CHECK still refuses a wallet below zero.
CREATE OR REPLACE FUNCTION "ledger_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount" WHERE "id" = NEW."account_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_apply_entry"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_guard_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."balance" <> 0 THEN
      RAISE EXCEPTION 'ledger account % must start with a balance of 0, not %', NEW."code", NEW."balance"
        USING ERRCODE = 'restrict_violation';
    END IF;
  ELSIF NEW."balance" IS DISTINCT FROM OLD."balance" AND pg_trigger_depth() < 2 THEN
    -- Depth 1 is this trigger fired by a statement; the entries' trigger runs it at depth 2.
    RAISE EXCEPTION 'the balance of ledger account % changes only through ledger entries', OLD."code"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_balance_guard" BEFORE INSERT OR UPDATE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_guard_balance"();
