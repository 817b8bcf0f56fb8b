import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  lastMailTo,
  linkIn,
  randomAddress,
  registerUser,
  strongPassword,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { isCommonPassword } from './password';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const refused = ['password', '12345678', 'qwerty123', 'PassWord', 'Dragon2024!'];
const english = 'This password is too common or has appeared in a data breach. Please choose another one.';

describe('common and breached passwords', () => {
  it('are known whatever their case, and with digits or symbols added at the end', async () => {
    for (const password of refused) expect(await isCommonPassword(password), password).toBe(true);
    for (const password of [strongPassword, 'fresh password 1', 'Tr0mb0ne-Galaxy-Lichen']) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });

  it('are refused at registration with a text in the caller’s language; a strong one is accepted', async () => {
    for (const password of ['password', '12345678', 'qwerty123']) {
      const session = await startBrowserSession(app);
      const response = await call(
        app,
        session,
        'POST',
        '/api/register',
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: uniqueEmail(),
          password,
          password_confirmation: password,
          terms: true,
        },
        {},
        randomAddress(),
      );
      expect(response.statusCode, password).toBe(422);
      expect(response.json()).toEqual({
        message: english,
        errors: { password: [english] },
        code: 'VALIDATION_FAILED',
      });
    }
    const german = await call(
      app,
      await startBrowserSession(app),
      'POST',
      '/api/register',
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: uniqueEmail(),
        password: 'password',
        password_confirmation: 'password',
        terms: true,
      },
      { 'frontend-language': 'de' },
      randomAddress(),
    );
    expect(german.json().errors).toEqual({
      password: [
        'Dieses Passwort ist zu verbreitet oder ist schon in einem Datenleck aufgetaucht. Bitte wähle ein anderes.',
      ],
    });
    await expect(registerUser(app)).resolves.toMatchObject({ profile: { id: expect.any(String) } });
  });

  it('are refused as a new password; a strong one is accepted', async () => {
    const { session } = await registerUser(app);
    for (const password of ['password', '12345678', 'qwerty123']) {
      const response = await call(app, session, 'POST', '/api/user/change-password', {
        current_password: strongPassword,
        password,
        password_confirmation: password,
      });
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors).toEqual({ password: [english] });
    }
    const changed = await call(app, session, 'POST', '/api/user/change-password', {
      current_password: strongPassword,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
  });

  it('are refused when a password is reset, the link staying usable for a strong one', async () => {
    const { email } = await registerUser(app);
    const guest = await startBrowserSession(app);
    await call(app, guest, 'POST', '/api/user/reset-password', { email });
    const token = linkIn((await lastMailTo(app, email)).text).searchParams.get('token');
    for (const password of ['password', '12345678', 'qwerty123']) {
      const response = await call(app, guest, 'POST', '/api/reset-password', {
        email,
        token,
        password,
        password_confirmation: password,
      });
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors).toEqual({ password: [english] });
    }
    const reset = await call(app, guest, 'POST', '/api/reset-password', {
      email,
      token,
      password: 'fresh password 1',
      password_confirmation: 'fresh password 1',
    });
    expect(reset.json()).toEqual({ status: 'OK' });
  });
});
