ALTER TABLE "deposits" ADD COLUMN "failure_code" text;--> statement-breakpoint
-- A deposit that failed before the code was stored gets it from its message, as the API read it
-- until now: a reason no message names is a plain failure.
UPDATE "deposits" SET "failure_code" = CASE "error_message"
  WHEN 'Your card was declined.' THEN 'declined'
  WHEN 'The payment failed.' THEN 'failed'
  WHEN 'The payment was not completed in time.' THEN 'expired'
  WHEN 'The payment needs a review by our team. Please contact support.' THEN 'review'
  WHEN 'Payment gateway error. Please try again later or use a different payment method.' THEN 'gateway'
  ELSE 'failed'
END
WHERE "status" IN ('failed', 'error');
