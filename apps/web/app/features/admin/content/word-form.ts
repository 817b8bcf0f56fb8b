import { adminWordUpdate } from '@promptmarket/contracts/admin-content';
import type { z } from 'zod';
import { bodyResolver } from './form-body';

/** The form of one text of a language: its new wording. */
export type WordFormValues = { value: string };

/** The body of `PUT /admin/words/:locale` for the text `key`, and the form's check by it. */
export function wordForm(key: string) {
  const body = (values: WordFormValues): z.input<typeof adminWordUpdate> => ({
    key,
    value: (values.value ?? '').trim(),
  });
  return { body, resolver: bodyResolver(body, adminWordUpdate) };
}
