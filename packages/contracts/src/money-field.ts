import { z } from 'zod';
import { readAmount } from './money';
import type { ValidationKey } from './validation-messages';

type AmountFieldRule = {
  /** The text for an empty field. */
  required: ValidationKey;
  /** The text for what is not an amount of at most two decimals. */
  invalid: ValidationKey;
  /** `positive`: more than 0; `zero`: 0 or more; `signed`: any sign but never 0. */
  sign: 'positive' | 'zero' | 'signed';
  /** The largest amount taken, in minor units (its absolute value for a signed amount). */
  maxMinor: number;
};

function signProblem(rule: AmountFieldRule, minor: number): ValidationKey | null {
  if (rule.sign === 'zero') return minor < 0 ? 'amount.not_negative' : null;
  if (rule.sign === 'positive') return minor <= 0 ? 'amount.positive' : null;
  return minor === 0 ? rule.invalid : null;
}

/**
 * A money field of a request: a text or a JSON number read by `readAmount` (the same rule for a
 * deposit, an offer's price, a payout's amount and the back office's money fields), into integer
 * minor units. A negative amount is told it must be positive, a zero where one is not taken the
 * same, and one past the field's ceiling that it is too large; each with its own text.
 */
export function moneyField(rule: AmountFieldRule) {
  // Nothing sent is "required"; a value of another type (an object, a NaN) is not an amount.
  const missingOrNot = {
    error: (issue: { input?: unknown }) => (issue.input == null ? rule.required : rule.invalid),
  };
  return z
    .union([z.string(missingOrNot), z.number(missingOrNot)], missingOrNot)
    .transform((value, context) => {
      const read = readAmount(value);
      if ('problem' in read) {
        context.addIssue({
          code: 'custom',
          message: read.problem === 'empty' ? rule.required : rule.invalid,
        });
        return z.NEVER;
      }
      const { minor } = read;
      const problem = signProblem(rule, minor);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      if (Math.abs(minor) > rule.maxMinor) {
        context.addIssue({ code: 'custom', message: 'amount.too_large' });
        return z.NEVER;
      }
      return minor;
    });
}
