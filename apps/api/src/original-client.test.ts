import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from './modules/jobs/jobs.service';
import { ledgerProblems } from './modules/wallet/wallet.invariants';
import { randomAddress, registerVerifiedUser, strongPassword } from './test/accounts';
import { createTestApp, type TestApp } from './test/app';
import { payOnSandbox } from './test/deposits';
import { recordingLog } from './test/log';

/**
 * A client of the original API, as one runs against the shop: a worker that signs in with
 * `{username, password}`, reads its profile, the settings and the countries, tops up its balance
 * through the deposit calls (paying on the sandbox's page), generates an image and reads its
 * histories. It sends the original bodies and headers, in the original order, and reads exactly
 * the fields it needs, so a renamed or missing one fails here as it would fail there.
 */

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-for-the-original-client-0123' });
  // The sandbox delivers its webhooks over HTTP to this server, as a real provider would.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app?.close());
afterEach(async () => {
  expect(await ledgerProblems(app.db)).toEqual([]);
});

/** The original client's HTTP layer: a cookie jar, the XSRF header Laravel's SPA mode wants, JSON. */
function originalClient(language = 'en') {
  const jar: Record<string, string> = {};
  const address = randomAddress();
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) jar[cookie.name] = cookie.value;
    return response;
  };
  const headers = () => ({
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    'frontend-language': language,
    cookie: Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    // The client reads the cookie and sends it back decoded, as axios does.
    'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN'] ?? ''),
  });
  return {
    csrf: async () =>
      keep(await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: address })),
    get: async (path: string) =>
      keep(
        await app.inject({ method: 'GET', url: `/api${path}`, headers: headers(), remoteAddress: address }),
      ),
    post: async (path: string, body: Record<string, unknown>) =>
      keep(
        await app.inject({
          method: 'POST',
          url: `/api${path}`,
          headers: { ...headers(), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: address,
        }),
      ),
  };
}

/** Presses Pay on the sandbox's checkout page, then delivers its webhook. */
async function payOnSandboxAndDeliver(redirectUrl: string) {
  await payOnSandbox(app, redirectUrl);
  // The sandbox's webhook reaches the shop over HTTP.
  expect(await runDueJobs(app.db, app.paymentJobs, recordingLog())).toBe(1);
}

describe('a client of the original API', () => {
  it('signs in, reads its profile, settings and countries, tops up, generates an image and reads its histories', async () => {
    const { email } = await registerVerifiedUser(app, { first_name: 'Grace', last_name: 'Hopper' });
    const client = originalClient();

    // Sign in with the e-mail as the username.
    expect((await client.csrf()).statusCode).toBe(204);
    const login = await client.post('/login', { username: email, password: strongPassword });
    expect(login.statusCode).toBe(200);
    expect(login.json().status).toBe('OK');

    // The profile, with the balance in the internal currency and in EUR.
    const profile = await client.get('/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().status).toBe('OK');
    const me = profile.json().payload;
    expect(me).toMatchObject({ email, first_name: 'Grace', last_name: 'Hopper', balance: 0, balance_eur: 0 });

    // The settings it reads: the cost of an image, the minimum deposit by both names, formats, sizes.
    const settings = (await client.get('/settings')).json();
    expect(settings.status).toBe('OK');
    const { image_generation_cost_eur, min_deposit_eur, min_deposit_amount_eur, formats, sizes } =
      settings.payload;
    expect(image_generation_cost_eur).toBe(1);
    expect(min_deposit_eur).toBe(10);
    expect(min_deposit_amount_eur).toBe(min_deposit_eur);
    expect(formats).toContain('png');
    expect(sizes).toContain('512x512');

    // The texts of its messages: the whole map, English under the language's own.
    const words = (await client.get('/localization/en/words')).json();
    expect(words['country.required']).toBe('Country is required');
    expect(words['payment_method.invalid']).toBe('Please choose a payment method.');

    // The countries: it picks one by its ISO code and sends its id.
    const countries = (await client.get('/countries')).json();
    expect(countries.status).toBe('OK');
    const britain = (countries.payload as { id: number; iso: string; name: string }[]).find(
      (country) => country.iso === 'GB',
    );
    expect(britain).toMatchObject({ id: expect.any(Number), name: 'United Kingdom' });
    if (!britain) return;

    // The deposit form, in the original's names, with the country's id and the method's number.
    const form = {
      name: 'Grace',
      surname: 'Hopper',
      email,
      phone: '+44 20 7946 0000',
      country: britain.id,
      currency: 'EUR',
      city: 'London',
      address: '1 Harbour Street',
      postCode: 'E14 5AB',
      amount: 15,
      paymentType: 'card',
      payment_method_id: 1,
    };
    const validated = await client.post('/deposit/validate', form);
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({
      status: 'OK',
      payload: [{ id: 1, name: 'Card', type: 'card' }],
      errors: [],
    });

    const checkout = await client.post('/deposit/checkout', form);
    expect(checkout.statusCode).toBe(200);
    const { status, redirect_url, order_id, message } = checkout.json();
    expect(status).toBe('OK');
    // Absolute, so that a client can hand it to a browser as it comes.
    expect(redirect_url).toMatch(/^http:\/\/shop\.test\/sandbox\/checkout\//);
    expect(order_id).toEqual(expect.any(Number));
    expect(message).toEqual(expect.any(String));

    const waiting = (await client.get(`/deposit/status?order_id=${order_id}`)).json();
    expect(waiting).toMatchObject({ status: 'OK', order: { status: 'processing', error_message: null } });

    await payOnSandboxAndDeliver(redirect_url);

    const paid = (await client.get(`/deposit/status?order_id=${order_id}`)).json();
    expect(paid).toMatchObject({
      status: 'OK',
      order: { id: order_id, status: 'success', error_message: null },
    });
    const topped = (await client.get('/user/profile')).json().payload;
    expect([topped.balance, topped.balance_eur]).toEqual([15, 15]);

    // The deposit history: the spec's fields and the original's order_number and date.
    const deposits = (await client.get('/deposit/history')).json();
    expect(deposits.status).toBe('OK');
    expect(deposits.payload).toEqual([
      expect.objectContaining({
        id: order_id,
        order_number: String(order_id),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        sum: 15,
        currency: 'EUR',
        internal_amount: 15,
        internal_currency_name: 'Credits',
        status: 'success',
        countryIso: 'GB',
        first_name: 'Grace',
        last_name: 'Hopper',
      }),
    ]);
    expect(Number.isNaN(Date.parse(deposits.payload[0].date))).toBe(false);

    // An image from a prompt, answered as a zip named in content-disposition.
    const generated = await client.post('/purchase/generate-image', {
      title: 'Night harbour',
      prompt: 'a harbour at night, lanterns on the water',
      format: 'png',
      size: '512x512',
    });
    expect(generated.statusCode).toBe(200);
    expect(generated.headers['content-type']).toBe('application/zip');
    const filename = /filename="?([^";]+)"?/.exec(String(generated.headers['content-disposition']))?.[1];
    expect(filename).toBe('night-harbour-512x512.zip');
    const files = unzipSync(new Uint8Array(generated.rawPayload));
    expect(Object.keys(files)).toContain('night-harbour-512x512.png');
    expect(strFromU8(files['prompt.txt'] as Uint8Array).trim()).toBe(
      'a harbour at night, lanterns on the water',
    );

    const charged = (await client.get('/user/profile')).json().payload;
    expect([charged.balance, charged.balance_eur]).toEqual([14, 14]);

    // The purchase history lists the generation.
    const history = (await client.get('/purchase/history')).json();
    expect(history.status).toBe('OK');
    expect(history.payload).toEqual([
      expect.objectContaining({
        type: 'generation',
        title: 'Night harbour',
        prompt: 'a harbour at night, lanterns on the water',
        price: 1,
        currency: 'Credits',
        format: 'png',
        size: '512x512',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        image: expect.stringMatching(/^\/api\/purchase\/generations\/\d+\/image$/),
        download_url: expect.stringMatching(/^\/api\/purchase\/generations\/\d+\/download$/),
      }),
    ]);
    const again = await client.get(history.payload[0].download_url.replace(/^\/api/, ''));
    expect(again.headers['content-type']).toBe('application/zip');
  });

  it('is told why a call fails: a 422 with the fields, or status ERROR with a message', async () => {
    const { email } = await registerVerifiedUser(app);
    const client = originalClient('de');
    await client.csrf();
    expect((await client.post('/login', { username: email, password: strongPassword })).statusCode).toBe(200);

    const unknownCountry = await client.post('/deposit/validate', {
      name: 'Grace',
      surname: 'Hopper',
      email,
      phone: '+44 20 7946 0000',
      country: '999999',
      currency: 'EUR',
      city: 'London',
      address: '1 Harbour Street',
      postCode: 'E14 5AB',
      amount: '15',
      paymentType: 'card',
      payment_method_id: 1,
    });
    expect(unknownCountry.statusCode).toBe(422);
    expect(unknownCountry.json().errors).toEqual({ country: ['Land ist erforderlich'] });

    const poor = await client.post('/purchase/generate-image', {
      title: 'Night harbour',
      prompt: 'a harbour at night',
      format: 'png',
      size: '512x512',
    });
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toMatchObject({ status: 'ERROR', message: expect.any(String) });
  });
});
