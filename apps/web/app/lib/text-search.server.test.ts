import { describe, expect, it } from 'vitest';
import { FOUND_TEXTS_SHOWN, findTexts } from './text-search.server';

describe('findTexts', () => {
  it('finds a text by words of its wording in any case and without accents, with its key', () => {
    const { found } = findTexts('de', 'passwort VERGESSEN', {});
    expect(found.map((text) => text.key)).toContain('login.forgot');
    const forgot = found.find((text) => text.key === 'login.forgot');
    expect(forgot?.builtIn).toBe(forgot?.current);
    expect(findTexts('pl', 'nie pamietasz', {}).found.map((text) => text.key)).toContain('login.forgot');
  });

  it('finds a text by its key, and by its changed wording, showing both wordings', () => {
    expect(findTexts('en', 'login.forgot', {}).found.map((text) => text.key)).toEqual(['login.forgot']);
    const changed = findTexts('en', 'misplaced', { 'login.forgot': 'Misplaced your password?' });
    expect(changed.found).toEqual([
      { key: 'login.forgot', builtIn: 'Forgot your password?', current: 'Misplaced your password?' },
    ]);
  });

  it('shows at most the first texts of a broad search and says how many there are', () => {
    const broad = findTexts('en', 'e', {});
    expect(broad.total).toBeGreaterThan(FOUND_TEXTS_SHOWN);
    expect(broad.found).toHaveLength(FOUND_TEXTS_SHOWN);
    expect(findTexts('en', '   ', {})).toEqual({ total: 0, found: [] });
    expect(findTexts('en', 'no text says zzqx', {})).toEqual({ total: 0, found: [] });
  });
});
