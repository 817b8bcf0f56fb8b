import { contactFields } from '@promptmarket/contracts/content';

export type ContactField = (typeof contactFields)[number];

/**
 * Every failing field of the contact-us form with its text, in the order the fields are shown:
 * the form names them all at once, each beside its field and together in a summary above.
 */
export function contactErrorList(
  textOf: (field: ContactField) => string | undefined,
): { field: ContactField; text: string }[] {
  return contactFields.flatMap((field) => {
    const text = textOf(field);
    return text ? [{ field, text }] : [];
  });
}
