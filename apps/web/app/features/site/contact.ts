import { contactFieldOrder } from '@promptmarket/contracts/content';

export type ContactField = (typeof contactFieldOrder)[number];

/** The contact form is checked in the spec's order and shows the first failure only. */
export function firstContactError(failing: (field: ContactField) => boolean): ContactField | null {
  return contactFieldOrder.find((field) => failing(field)) ?? null;
}
