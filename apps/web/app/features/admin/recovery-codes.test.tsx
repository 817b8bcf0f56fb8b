// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import { RecoveryCodesRenewal } from './recovery-codes';

function Page() {
  const [codes, setCodes] = useState<string[]>([]);
  return (
    <>
      <RecoveryCodesRenewal left={2} onMade={setCodes} />
      <output>{codes.join(' ')}</output>
    </>
  );
}

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('a new set of recovery codes', () => {
  it('asks for the password and a code by the contract before sending, in the page’s language', async () => {
    opened = await formInBrowser(Page, { language: 'de' });
    await opened.click('Neue Wiederherstellungscodes erstellen');
    expect(opened.errorOf('Passwort')).toBe('Passwort ist erforderlich');
    expect(opened.errorOf('Bestätigungscode')).toBe(
      'Gib den 6-stelligen Code aus deiner Authenticator-App ein.',
    );
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at its field, then gives the new codes and empties the form', async () => {
    const answers = [
      refusal({ password: ['The password is incorrect.'] }),
      { status: 200, body: { status: 'OK', message: 'Made', payload: { recovery_codes: ['abcde-12345'] } } },
    ];
    opened = await formInBrowser(Page, { answer: () => answers.shift() ?? { status: 500, body: {} } });
    await opened.type('Password', 'not it');
    await opened.type('Authentication code', '123456');
    await opened.click('Make new recovery codes');
    expect(opened.errorOf('Password')).toBe('The password is incorrect.');
    await opened.click('Make new recovery codes');
    expect(opened.text()).toContain('abcde-12345');
    expect(opened.field('Password').value).toBe('');
    expect(opened.sent.map((call) => [call.path, call.body])).toEqual([
      ['/api/admin/two-factor/recovery-codes', { password: 'not it', code: '123456' }],
      ['/api/admin/two-factor/recovery-codes', { password: 'not it', code: '123456' }],
    ]);
  });
});
