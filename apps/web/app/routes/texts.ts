import { DEFAULT_LOCALE } from '@promptmarket/contracts/locale';
import { getLanguages, getWords } from '../features/site/api';
import { serverApi } from '../lib/api.server';
import { builtInLocales, textsCode, textsScriptFor } from '../lib/messages.server';
import { TEXTS_PATH } from '../lib/texts';
import type { Route } from './+types/texts';

const SCRIPT_NAME = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})?)\.[\w]{16}\.js$/;

/**
 * A language's texts script (decision 0032). Its address names its content, so the browser caches
 * it for good. Another address of a language (texts changed since the page that names it was made,
 * or a page made by a process that had not yet seen a change) gets the current texts under the
 * address asked for, not cached: the page still starts, with today's texts. Anything else answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = SCRIPT_NAME.exec(params.file)?.[1];
  if (locale !== undefined && (await isLanguage(request, context, locale))) {
    const api = serverApi(request, context, locale);
    const words = await getWords(api, locale).then(
      (answer) => answer.payload,
      () => ({}),
    );
    const script = textsScriptFor(locale, words);
    const asked = `${TEXTS_PATH}${params.file}`;
    const current = script.address === asked;
    return new Response(current ? script.code : textsCode(asked, script.packed), {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-store',
      },
    });
  }
  return new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

async function isLanguage(request: Request, context: unknown, locale: string): Promise<boolean> {
  try {
    const languages = (await getLanguages(serverApi(request, context, DEFAULT_LOCALE))).payload;
    if (languages.length > 0) return languages.some((language) => language.code === locale);
  } catch {
    // As the locale layout does: the built-in languages stand in for a list that failed.
  }
  return builtInLocales.includes(locale);
}
