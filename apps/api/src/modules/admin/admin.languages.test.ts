import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, call, newAdmin, registerVerifiedUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { adminAudit } from '../audit/audit.tables';

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'language-admin@example.test');
});
afterAll(() => app?.close());

const offered = async () =>
  ((await call(app, admin, 'GET', '/api/languages')).json().payload as { code: string }[]).map(
    (language) => language.code,
  );

describe('adding a language in the back office', () => {
  it('adds it switched off, translated text by text, then offered, audited', async () => {
    const added = await call(app, admin, 'POST', '/api/admin/languages', { code: 'NL', name: 'Nederlands' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().payload).toContainEqual({
      code: 'nl',
      name: 'Nederlands',
      position: 100,
      active: false,
    });
    expect(await offered()).not.toContain('nl');
    const [entry] = await app.db.select().from(adminAudit).where(eq(adminAudit.action, 'language.create'));
    expect(entry).toMatchObject({ subjectType: 'language', subjectId: 'nl', before: null });

    // Its texts are translated while it is off, then it is offered with them.
    const word = await call(app, admin, 'PUT', '/api/admin/words/nl', {
      key: 'footer.language',
      value: 'Taal',
    });
    expect(word.statusCode, word.body).toBe(200);
    expect((await call(app, admin, 'PUT', '/api/admin/languages/nl', { active: true })).statusCode).toBe(200);
    expect(await offered()).toContain('nl');
    const words = await call(app, admin, 'GET', '/api/localization/nl/overrides');
    expect(words.json().payload).toMatchObject({ 'footer.language': 'Taal' });
  });

  it('refuses a code the shop has, one that is no language, and a name with control characters', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await call(app, admin, 'POST', '/api/admin/languages', body);
      expect(answer.statusCode, answer.body).toBe(422);
      return answer.json().errors;
    };
    expect(await refused({ code: 'de', name: 'Deutsch' })).toEqual({
      code: ['The shop has this language already.'],
    });
    expect(await refused({ code: 'xq', name: 'Nothing' })).toEqual({
      code: ['Please enter the two-letter ISO 639-1 code of a language, such as nl.'],
    });
    expect(await refused({ code: 'nld', name: 'Nederlands' })).toHaveProperty('code');
    expect(await refused({ code: 'sv', name: 'Sven\u202Eska' })).toHaveProperty('name');
  });

  it('is for admins only', async () => {
    const { session } = await registerVerifiedUser(app);
    const answer = await call(app, session, 'POST', '/api/admin/languages', { code: 'sv', name: 'Svenska' });
    expect(answer.statusCode).toBe(403);
  });
});
