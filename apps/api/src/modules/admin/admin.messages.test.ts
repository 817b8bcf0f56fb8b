import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserSession,
  call,
  newAdmin,
  randomAddress,
  registerVerifiedUser,
} from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { contactForm } from '../../test/contact';
import { contactMessageReplies, contactMessages } from '../content/content.tables';
import { mailOutbox } from '../mail/mail.tables';

let app: TestApp;
let admin: BrowserSession;

beforeAll(async () => {
  app = await createTestApp();
  admin = await newAdmin(app, 'inbox@example.test');
});
afterAll(() => app?.close());

let sent = 0;

/** A visitor writes through the contact form in `locale`; answers the stored message's id. */
async function visitorWrites(fields: Partial<typeof contactForm>, locale = 'en') {
  sent += 1;
  const email = `visitor-${sent}-${Date.now()}@example.test`;
  const visitor = await startBrowserSession(app);
  const response = await call(
    app,
    visitor,
    'POST',
    '/api/contact',
    { ...contactForm, email, ...fields },
    { 'frontend-language': locale },
    randomAddress(),
  );
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  if (!row) throw new Error('message not stored');
  return { id: row.id, email };
}

const list = async (query: string) =>
  (await call(app, admin, 'GET', `/api/admin/contact-messages?per_page=100&${query}`)).json().payload
    .data as {
    id: string;
    handled_at: string | null;
    replies: { body: string; locale: string; admin_email: string }[];
  }[];

const auditOf = async (action: string, id: string) =>
  (await call(app, admin, 'GET', `/api/admin/audit?action=${action}&subject_id=${id}`)).json().payload
    .data as {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }[];

describe('answering a contact message from the back office', () => {
  it('mails the reply in the visitor’s language, keeps it in the thread, and marks the message handled', async () => {
    const { id, email } = await visitorWrites({ name: 'Jürgen', message: 'Gibt es Rabatte?' }, 'de');
    expect((await list('state=open')).map((item) => item.id)).toContain(id);

    const key = `reply-${id}`;
    const body = { body: 'Ja: ab zehn Prompts gibt es <b>10 %</b> Rabatt.' };
    const reply = await call(app, admin, 'POST', `/api/admin/contact-messages/${id}/reply`, body, {
      'idempotency-key': key,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().payload).toMatchObject({
      id,
      handled_at: expect.any(String),
      replies: [{ body: body.body, locale: 'de', admin_email: 'inbox@example.test' }],
    });
    // The same request again (a double click) answers the same and mails nothing more.
    const again = await call(app, admin, 'POST', `/api/admin/contact-messages/${id}/reply`, body, {
      'idempotency-key': key,
    });
    expect(again.json()).toEqual(reply.json());

    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Re: Deine Nachricht an PromptMarket');
    expect(mails[0]?.text).toContain('Hallo Jürgen,');
    expect(mails[0]?.text).toContain(body.body);
    expect(mails[0]?.text).toContain('> Gibt es Rabatte?');
    expect(mails[0]?.html).toContain('&lt;b&gt;10 %&lt;/b&gt;');
    expect(mails[0]?.html).not.toContain('<b>10 %</b>');

    const stored = await app.db
      .select()
      .from(contactMessageReplies)
      .where(eq(contactMessageReplies.messageId, id));
    expect(stored).toHaveLength(1);
    expect((await list('state=handled')).find((item) => item.id === id)?.replies).toHaveLength(1);
    expect((await list('state=open')).map((item) => item.id)).not.toContain(id);
    const audit = await auditOf('contact_message.reply', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { handled: false, replies: 0 },
      after: { handled: true, replies: 1 },
    });
  });

  it('answers in English a visitor who wrote in a language the mail has no texts for', async () => {
    const { id, email } = await visitorWrites({ message: 'Hello?' }, 'en');
    await app.db.update(contactMessages).set({ locale: 'xx' }).where(eq(contactMessages.id, id));
    const reply = await call(app, admin, 'POST', `/api/admin/contact-messages/${id}/reply`, { body: 'Hi!' });
    expect(reply.statusCode).toBe(200);
    const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(mail?.subject).toBe('Re: your message to PromptMarket');
  });

  it('refuses an empty reply with a Laravel 422 in the admin’s language, and an unknown message with a 404', async () => {
    const { id, email } = await visitorWrites({});
    const empty = await call(
      app,
      admin,
      'POST',
      `/api/admin/contact-messages/${id}/reply`,
      { body: ' ' },
      { 'frontend-language': 'pl' },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      message: 'Napisz odpowiedź o długości co najmniej 2 znaków.',
      errors: { body: ['Napisz odpowiedź o długości co najmniej 2 znaków.'] },
    });
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
    const unknown = await call(
      app,
      admin,
      'POST',
      '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/reply',
      { body: 'Hello' },
    );
    expect(unknown.statusCode).toBe(404);
    const { session } = await registerVerifiedUser(app);
    const user = await call(app, session, 'POST', `/api/admin/contact-messages/${id}/reply`, {
      body: 'Hello',
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('the handled state', () => {
  it('marks a message handled and open again, audited each time, and filters the list by it', async () => {
    const { id } = await visitorWrites({});
    const handled = await call(app, admin, 'POST', `/api/admin/contact-messages/${id}/handled`, {
      handled: true,
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().payload.handled_at).toEqual(expect.any(String));
    expect((await list('state=handled')).map((item) => item.id)).toContain(id);
    expect((await list('state=open')).map((item) => item.id)).not.toContain(id);
    const reopened = await call(app, admin, 'POST', `/api/admin/contact-messages/${id}/handled`, {
      handled: false,
    });
    expect(reopened.json().payload.handled_at).toBeNull();
    expect((await list('state=open')).map((item) => item.id)).toContain(id);
    expect((await list('')).map((item) => item.id)).toContain(id);
    expect(await auditOf('contact_message.handled', id)).toHaveLength(1);
    expect(await auditOf('contact_message.reopened', id)).toHaveLength(1);
    const bad = await call(app, admin, 'GET', '/api/admin/contact-messages?state=closed');
    expect(bad.statusCode).toBe(422);
  });
});

describe('searching the messages', () => {
  it('finds a name or a text whatever its case and accents', async () => {
    const polish = await visitorWrites({ name: 'Żaneta Żółć' });
    const german = await visitorWrites({ message: 'Ich heiße Weiß und suche Bilder.' });
    expect((await list('search=zolc')).map((item) => item.id)).toEqual([polish.id]);
    expect((await list('search=ZANETA%20zolc')).map((item) => item.id)).toEqual([polish.id]);
    expect((await list('search=weiss')).map((item) => item.id)).toEqual([german.id]);
    expect(
      (await list(`search=${encodeURIComponent(german.email.toUpperCase())}`)).map((item) => item.id),
    ).toEqual([german.id]);
    // A wildcard is a letter like any other.
    expect(await list('search=%25')).toEqual([]);
  });
});

describe('hiding several messages at once', () => {
  it('hides each, audited, keeps them, and names the ones that could not be hidden', async () => {
    const first = await visitorWrites({});
    const second = await visitorWrites({});
    const unknown = '00000000-0000-4000-8000-000000000001';
    const response = await call(
      app,
      admin,
      'POST',
      '/api/admin/contact-messages/hide',
      { ids: [first.id, second.id, unknown] },
      { 'idempotency-key': `hide-${first.id}` },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toEqual({
      done: [first.id, second.id],
      failed: [{ id: unknown, code: 'NOT_FOUND', message: expect.any(String) }],
    });
    const shown = (await list('')).map((item) => item.id);
    expect(shown).not.toContain(first.id);
    expect(shown).not.toContain(second.id);
    const kept = await app.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.id, first.id)));
    expect(kept[0]?.hiddenAt).toBeInstanceOf(Date);
    expect(await auditOf('contact_message.hide', first.id)).toHaveLength(1);
    // Hidden already: named as failed, not hidden twice.
    const twice = await call(app, admin, 'POST', '/api/admin/contact-messages/hide', { ids: [first.id] });
    expect(twice.json().payload).toMatchObject({ done: [], failed: [{ id: first.id, code: 'NOT_FOUND' }] });
    expect(await auditOf('contact_message.hide', first.id)).toHaveLength(1);
  });

  it('refuses an empty or malformed list with a 422, and users with a 403', async () => {
    for (const body of [{ ids: [] }, { ids: ['not-a-uuid'] }, {}]) {
      const refused = await call(app, admin, 'POST', '/api/admin/contact-messages/hide', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
    }
    const { session } = await registerVerifiedUser(app);
    const { id } = await visitorWrites({});
    const user = await call(app, session, 'POST', '/api/admin/contact-messages/hide', { ids: [id] });
    expect(user.statusCode).toBe(403);
  });
});
