import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '../../lib/text-catalogue';
import { renderMail } from './mail.templates';
import { mailCatalogue, mailLanguages, ownMailCatalogue } from './mail.texts';

const folder = new URL('./texts/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
const catalogueOf = (language: string): unknown =>
  JSON.parse(readFileSync(new URL(`${language}.json`, folder), 'utf8'));

describe('the mail catalogues', () => {
  it('are one file per language of the shop, each of them read', () => {
    expect(files.map((name) => name.slice(0, -'.json'.length)).sort()).toEqual(
      ['de', 'en', 'es', 'fr', 'it', 'pl'].sort(),
    );
    expect([...mailLanguages].sort()).toEqual(files.map((name) => name.slice(0, -'.json'.length)).sort());
  });

  for (const language of ['en', 'de', 'fr', 'es', 'it', 'pl']) {
    it(`have in ${language} every text English has, naming the same values, and no other`, () => {
      expect(catalogueDifferences(catalogueOf('en'), catalogueOf(language), language)).toEqual([]);
    });
  }

  it('write a language they do not have in English', () => {
    expect(ownMailCatalogue('nl')).toBeUndefined();
    expect(mailCatalogue('nl')).toEqual(mailCatalogue('en'));
    const mail = renderMail('reset-password', 'nl', { name: 'Ada', url: 'https://shop.example/x' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.html).toContain('<html lang="nl">');
  });
});
