import { languagesResponse } from '@promptmarket/contracts/site';
import { redirect } from 'react-router';
import { serverApi } from '../lib/api.server';
import { preferredLocale } from '../lib/locale-routing';
import type { Route } from './+types/locale-redirect';

/** `/` goes to the visitor's language (stored choice, else en), query kept. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const languages = (await serverApi(request, context, 'en').get('/languages', languagesResponse)).payload;
  const locale = preferredLocale(
    request.headers.get('cookie'),
    languages.map((language) => language.code),
  );
  throw redirect(`/${locale}${url.search}`);
}
