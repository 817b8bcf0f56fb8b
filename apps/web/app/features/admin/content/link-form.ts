import { adminSocialLinkInput } from '@promptmarket/contracts/admin-content';
import type { z } from 'zod';
import { bodyResolver } from './form-body';

/** The form that adds a social link: its address. */
export type LinkFormValues = { url: string };

/** The body of `POST /admin/social-links` the form sends: the address as typed, without spaces around it. */
export function linkBody(values: LinkFormValues): z.input<typeof adminSocialLinkInput> {
  return { url: (values.url ?? '').trim() };
}

export const linkResolver = bodyResolver(linkBody, adminSocialLinkInput);
