import { redirect } from 'react-router';
import { getLanguages } from '../features/site/api';
import { serverApi } from '../lib/api.server';
import { preferredLocale } from '../lib/locale-routing';
import { paths } from '../lib/paths';
import type { Route } from './+types/locale-redirect';

/** `/` goes to the visitor's language (stored choice, else en), query kept. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const languages = (await getLanguages(serverApi(request, context, 'en'))).payload;
  const locale = preferredLocale(
    request.headers.get('cookie'),
    languages.map((language) => language.code),
  );
  throw redirect(`${paths.home(locale)}${url.search}`);
}
