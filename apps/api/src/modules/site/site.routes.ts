import {
  currenciesResponse,
  languagesResponse,
  localeParams,
  settingsResponse,
  wordsResponse,
} from '@promptmarket/contracts';
import type { FastifyInstance } from 'fastify';
import { shape } from '../../lib/reply';
import { parseInput } from '../../lib/validate';
import { getSettings, getWords, listCurrencies, listLanguages } from './site.service';

export async function siteRoutes(app: FastifyInstance) {
  app.get('/settings', async (request) => {
    const payload = await getSettings(app.db, await request.locale());
    return shape(settingsResponse, { status: 'OK', payload });
  });

  app.get('/languages', async () => {
    return shape(languagesResponse, { status: 'OK', payload: await listLanguages(app.db) });
  });

  app.get('/currencies', async (request) => {
    const payload = await listCurrencies(app.db, await request.locale());
    return shape(currenciesResponse, { status: 'OK', payload });
  });

  app.get('/localization/:locale/words', async (request) => {
    const { locale } = parseInput(localeParams, request.params);
    return shape(wordsResponse, { status: 'OK', payload: await getWords(app.db, locale) });
  });
}
