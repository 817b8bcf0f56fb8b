// @vitest-environment jsdom
import type { AdminContactMessageItem } from '@promptmarket/contracts/admin-messages';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formInBrowser, refusal } from '../../test/form-in-browser';
import { type Notice, NoticeBar } from './admin-ui';
import { MessageCard } from './message-card';

const message: AdminContactMessageItem = {
  id: '5d1f0c9e-6a55-4f27-9a3c-0b1f3c6e2d11',
  name: 'Maria Nowak',
  email: 'maria@example.test',
  subject: 'Mengenrabatt',
  message: 'Gibt es Rabatt ab zehn Bildern?',
  locale: 'de',
  created_at: '2026-11-28T09:00:00.000Z',
  handled_at: null,
  replies: [],
};

function Page() {
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <>
      <NoticeBar notice={notice} />
      <ul>
        <MessageCard message={message} chosen={false} onChoose={() => undefined} onNotice={setNotice} />
      </ul>
    </>
  );
}

let opened: Awaited<ReturnType<typeof formInBrowser>> | null = null;
afterEach(async () => {
  await opened?.unmount();
  opened = null;
});

describe('a reply to a contact message', () => {
  it('is checked by the contract before it is sent, in the page’s language', async () => {
    opened = await formInBrowser(Page, { language: 'de' });
    await opened.type('Deine Antwort an Maria Nowak', ' a ');
    await opened.click('Antwort senden');
    expect(opened.errorOf('Deine Antwort an Maria Nowak')).toBe(
      'Bitte schreibe eine Antwort mit mindestens 2 Zeichen.',
    );
    expect(opened.sent).toEqual([]);
  });

  it('shows the API’s refusal at the reply, then sends it and empties the field', async () => {
    let answer = refusal({ body: ['This field may not contain a NUL character.'] });
    opened = await formInBrowser(Page, {
      answer: () => answer,
    });
    await opened.type('Your reply to Maria Nowak', 'Ja, gerne.');
    await opened.click('Send reply');
    expect(opened.errorOf('Your reply to Maria Nowak')).toBe('This field may not contain a NUL character.');
    answer = { status: 200, body: { status: 'OK', message: 'Sent', payload: message } };
    await opened.click('Send reply');
    expect(opened.text()).toContain('Reply sent by e-mail.');
    expect(opened.errorOf('Your reply to Maria Nowak')).toBeNull();
    expect(opened.field<HTMLTextAreaElement>('Your reply to Maria Nowak').value).toBe('');
    expect(opened.sent.map((call) => [call.path, call.body])).toEqual([
      [`/api/admin/contact-messages/${message.id}/reply`, { body: 'Ja, gerne.' }],
      [`/api/admin/contact-messages/${message.id}/reply`, { body: 'Ja, gerne.' }],
    ]);
  });

  it('says a refusal that names no field under the reply', async () => {
    opened = await formInBrowser(Page, {
      answer: () => ({ status: 404, body: { message: 'This message does not exist.' } }),
    });
    await opened.type('Your reply to Maria Nowak', 'Ja, gerne.');
    await opened.click('Send reply');
    expect(opened.errorOf('Your reply to Maria Nowak')).toBe('This message does not exist.');
  });
});
