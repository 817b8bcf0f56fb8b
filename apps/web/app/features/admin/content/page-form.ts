import { adminStaticPageUpdate } from '@promptmarket/contracts/admin-content';
import type { z } from 'zod';
import { bodyResolver } from './form-body';

/** A static page's form: whether it is published, and its title and text in each language. */
export type PageFormValues = {
  published: boolean;
  translations: Record<string, { title: string; body: string }>;
};

/**
 * The body of `PUT /admin/pages/:id` the form sends. A language whose title is left empty is not
 * sent, so it keeps the texts it has; the text is sent as typed (its blank lines are paragraphs).
 */
export function pageBody(values: PageFormValues): z.input<typeof adminStaticPageUpdate> {
  const translations = Object.entries(values.translations ?? {})
    .map(([code, texts]) => [code, { title: (texts?.title ?? '').trim(), body: texts?.body ?? '' }] as const)
    .filter(([, texts]) => texts.title);
  return { published: values.published === true, translations: Object.fromEntries(translations) };
}

export const pageResolver = bodyResolver(pageBody, adminStaticPageUpdate);
