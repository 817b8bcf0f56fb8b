import { z } from 'zod';
import type { ValidationKey } from './validation-messages';

/**
 * The characters a name, an address or a phone number never needs, and that change what a reader
 * of a receipt, a mail or the back office sees: the controls of Unicode category Cc (NUL to US,
 * DEL and the C1 controls; tab and line breaks too, as these are one-line fields), the line and
 * paragraph separators, and the bidirectional controls (the marks U+200E, U+200F and U+061C, the
 * embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069), with which `\u202Egnp.exe`
 * reads as `exe.png`. One character class: the test takes linear time whatever the input.
 */
const controlOrDirection = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Whether a text is free of control and text direction characters. */
export function isSingleLineText(text: string): boolean {
  return !controlOrDirection.test(text);
}

/**
 * A string for a one-line text a person types: a name, a part of an address, a phone number.
 * One holding a control or text direction character is refused with `field.control_characters`,
 * judged as sent, before any trimming, and no further rule of the field is checked. Chain the
 * field's own rules after it (`.trim().min(1, …).max(…)`).
 */
export function singleLineText(requiredKey?: ValidationKey) {
  return z
    .string(requiredKey)
    .refine(isSingleLineText, { message: 'field.control_characters' satisfies ValidationKey, abort: true });
}

/**
 * The same characters but for tab and the line breaks (CR and LF), which a description or a message
 * of several lines needs. One character class again, each place tried once: linear whatever the input.
 */
const controlOrDirectionBesidesLines =
  /(?![\t\n\r])[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Whether a text of several lines is free of control and text direction characters. */
export function isMultiLineText(text: string): boolean {
  return !controlOrDirectionBesidesLines.test(text);
}

/**
 * A string for a text of several lines a person types: a description, a message, a prompt. Tab and
 * line breaks are kept; any other control or text direction character is refused with
 * `field.control_characters`, as for `singleLineText`.
 */
export function multiLineText(requiredKey?: ValidationKey) {
  return z
    .string(requiredKey)
    .refine(isMultiLineText, { message: 'field.control_characters' satisfies ValidationKey, abort: true });
}
