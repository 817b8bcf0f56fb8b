import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '../../lib/text-catalogue';
import { receiptTexts, receiptTextsFor } from './receipts.texts';

const folder = new URL('./texts/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
const catalogueOf = (language: string): unknown =>
  JSON.parse(readFileSync(new URL(`${language}.json`, folder), 'utf8'));

describe('the receipt catalogues', () => {
  it('are one file per language of the shop, each of them read', () => {
    const languages = files.map((name) => name.slice(0, -'.json'.length)).sort();
    expect(languages).toEqual(['de', 'en', 'es', 'fr', 'it', 'pl'].sort());
    expect(Object.keys(receiptTexts).sort()).toEqual(languages);
  });

  for (const language of ['de', 'fr', 'es', 'it', 'pl']) {
    it(`have in ${language} every text English has, naming the same values, and no other`, () => {
      expect(catalogueDifferences(catalogueOf('en'), catalogueOf(language), language)).toEqual([]);
    });
  }

  it('write a language they do not have in English', () => {
    expect(receiptTextsFor('nl')).toEqual(catalogueOf('en'));
    expect(receiptTextsFor('toString')).toEqual(catalogueOf('en'));
    expect(receiptTextsFor('de').title.deposit).toBe('Beleg über eine Einzahlung');
  });
});
