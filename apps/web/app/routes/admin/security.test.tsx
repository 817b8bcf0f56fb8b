// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal, type SentCall } from '../../test/form-in-browser';
import AdminSecurity from './security';

type Data = Parameters<typeof AdminSecurity>[0]['loaderData'];
const page = (loaderData: Data) => () => (
  <AdminSecurity loaderData={loaderData} params={{ locale: 'en' }} matches={[] as never} />
);
const setup = {
  status: 'OK',
  payload: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: 'data:image/svg+xml;base64,' },
};

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('turning two-factor sign-in on', () => {
  it('checks the code by the contract before sending it, in the page’s language', async () => {
    opened = await formInBrowser(page({ enabled: false, left: 0 }), {
      language: 'de',
      answer: () => ({ status: 200, body: setup }),
    });
    await opened.click('Anmeldung in zwei Schritten einrichten');
    await opened.click('Aktivieren');
    expect(opened.errorOf('Bestätigungscode')).toBe(
      'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    );
    expect(opened.sent.map((call) => call.path)).toEqual(['/api/admin/two-factor/setup']);
  });

  it('shows a wrong code’s refusal at the code, then turns it on and shows the recovery codes', async () => {
    const answers = [
      { status: 200, body: setup },
      refusal({ code: ['This code is not correct or has already been used.'] }),
      {
        status: 200,
        body: { status: 'OK', message: 'On', payload: { recovery_codes: ['abcde-12345', 'fghij-67890'] } },
      },
    ];
    opened = await formInBrowser(page({ enabled: false, left: 0 }), {
      answer: () => answers.shift() ?? { status: 500, body: {} },
    });
    await opened.click('Set up two-factor sign-in');
    await opened.type('Authentication code', '000000');
    await opened.click('Turn on');
    expect(opened.errorOf('Authentication code')).toBe('This code is not correct or has already been used.');
    await opened.type('Authentication code', '123 456');
    await opened.click('Turn on');
    expect(opened.text()).toContain('Two-factor sign-in is on. From now on, signing in asks for a code.');
    expect(opened.text()).toContain('abcde-12345');
    expect(opened.sent.slice(1).map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123 456' }]);
  });
});

describe('turning two-factor sign-in off', () => {
  it('checks the password and the code before sending them, and shows the API’s refusal at the code', async () => {
    let answer: (call: SentCall) => { status: number; body: unknown } = () =>
      refusal({ code: ['This code is not correct or has already been used.'] });
    opened = await formInBrowser(page({ enabled: true, left: 10 }), { answer: (call) => answer(call) });
    await opened.click('Turn off two-factor sign-in');
    expect(opened.errorOf('Password')).toBe('Password is required');
    expect(opened.errorOf('Authentication code')).toBe('Enter the 6-digit code from your authenticator app.');
    expect(opened.sent).toEqual([]);
    await opened.type('Password', 'correct horse');
    await opened.type('Authentication code', '654321');
    await opened.click('Turn off two-factor sign-in');
    expect(opened.errorOf('Authentication code')).toBe('This code is not correct or has already been used.');
    expect(opened.errorOf('Password')).toBeNull();
    answer = () => ({ status: 200, body: { status: 'OK', message: 'Off' } });
    await opened.click('Turn off two-factor sign-in');
    expect(opened.text()).toContain('Two-factor sign-in is off.');
    expect(opened.sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/two-factor/disable', { password: 'correct horse', code: '654321' }],
      ['/api/admin/two-factor/disable', { password: 'correct horse', code: '654321' }],
    ]);
  });
});
