import { accountEndpoints, okResponse } from '@promptmarket/contracts/accounts';
import { defineEndpoint } from '@promptmarket/contracts/endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { browserApi } from './api-browser';
import { ApiError } from './api-client';

/** Endpoints as the contracts declare them, for the form and file calls below. */
const createOffer = defineEndpoint({
  method: 'POST',
  path: '/offers',
  summary: 'Upload',
  response: okResponse,
});
const replaceOffer = defineEndpoint({
  method: 'PUT',
  path: '/offers/:id',
  summary: 'Replace',
  params: z.object({ id: z.coerce.number() }),
  response: okResponse,
});
const generateImage = defineEndpoint({
  method: 'POST',
  path: '/purchase/generate-image',
  summary: 'Generate',
  body: z.object({ title: z.string() }),
});
const download = defineEndpoint({
  method: 'GET',
  path: '/purchase/:orderId/download',
  summary: 'Download',
  params: z.object({ orderId: z.coerce.number() }),
  query: z.object({ format: z.string().optional() }),
});

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers when told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Error';
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

let cookie = '';
const cookieWrites: string[] = [];
const location = {
  pathname: '/de/dashboard/offers',
  search: '?tab=new',
  assign: vi.fn(),
  reload: vi.fn(),
};

beforeEach(() => {
  FakeXhr.sent = [];
  cookie = 'theme=dark; XSRF-TOKEN=token%3D42';
  cookieWrites.length = 0;
  location.assign.mockReset();
  location.reload.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('document', {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
  });
  vi.stubGlobal('window', { location });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function sentRequest(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  return FakeXhr.sent[0] as FakeXhr;
}

function form(): FormData {
  const body = new FormData();
  body.set('title', 'Sky whale');
  body.set('image', new Blob([new Uint8Array(2048)], { type: 'image/png' }), 'whale.png');
  return body;
}

describe('a refused CSRF handshake', () => {
  it('answers the 429 with its wait to the caller, and neither sends the call nor reloads as if the session expired', async () => {
    cookie = 'theme=dark';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ message: 'Too Many Attempts.', code: 'TOO_MANY_REQUESTS' }), {
        status: 429,
        headers: { 'retry-after': '120' },
      });
    });
    const error = await browserApi('en', () => false)
      .call(accountEndpoints.logout)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 120 });
    expect(fetched).toEqual(['/sanctum/csrf-cookie']);
    expect(location.reload).not.toHaveBeenCalled();
    expect(cookieWrites).toEqual([]);
  });
});

describe('uploading a form with progress', () => {
  it('sends the form with the language, the XSRF token and cookies, and reports progress', async () => {
    const progress: unknown[] = [];
    const body = form();
    const result = browserApi('de', () => true).upload(createOffer, body, {
      onProgress: (value) => progress.push(value),
    });
    const request = await sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/offers');
    expect(request.withCredentials).toBe(true);
    expect(request.body).toBe(body);
    expect(request.headers).toEqual({
      accept: 'application/json',
      'frontend-language': 'de',
      'x-xsrf-token': 'token=42',
    });
    // The browser sets the multipart boundary itself.
    expect(request.headers['content-type']).toBeUndefined();
    request.progress(1024, 2048);
    request.progress(2048, 2048);
    request.progress(10, 0, false);
    request.respond(200, { status: 'OK', message: 'Offer created' });
    await expect(result).resolves.toEqual({ status: 'OK', message: 'Offer created' });
    expect(progress).toEqual([
      { loaded: 1024, total: 2048 },
      { loaded: 2048, total: 2048 },
      { loaded: 10, total: null },
    ]);
  });

  it('gives validation errors to the form, with their fields', async () => {
    const result = browserApi('en').upload(replaceOffer, form(), { params: { id: 7 } });
    const request = await sentRequest();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/offers/7');
    request.respond(422, {
      message: 'The image is too large.',
      errors: { image: ['The image is too large.'] },
      code: 'VALIDATION_FAILED',
    });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).code).toBe('VALIDATION_FAILED');
    expect((error as ApiError).firstFieldError()).toBe('The image is too large.');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('sends a signed-in user whose session ended to login, back to the same page afterwards', async () => {
    const result = browserApi('de', () => true).upload(createOffer, form());
    (await sentRequest()).respond(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
    await expect(result).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(location.assign).toHaveBeenCalledWith('/de/login?redirect=%2Fde%2Fdashboard%2Foffers%3Ftab%3Dnew');
  });

  it('forgets the token and reloads on 419, and sends an unverified user to verify the e-mail', async () => {
    const expired = browserApi('en', () => true).upload(createOffer, form());
    (await sentRequest()).respond(419, { message: 'CSRF token mismatch.', code: 'CSRF_TOKEN_MISMATCH' });
    await expect(expired).rejects.toMatchObject({ status: 419 });
    expect(cookieWrites).toEqual(['XSRF-TOKEN=; path=/; max-age=0']);
    expect(location.reload).toHaveBeenCalledOnce();

    FakeXhr.sent = [];
    const unverified = browserApi('fr', () => true).upload(createOffer, form());
    (await sentRequest()).respond(403, {
      message: 'Votre adresse e-mail n’est pas vérifiée.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    await expect(unverified).rejects.toMatchObject({ status: 403 });
    expect(location.assign).toHaveBeenCalledWith('/fr/email/verify');
  });

  it('leaves a 403 VERIFICATION_REQUIRED to the screen, which knows it by its code', async () => {
    const result = browserApi('de', () => true).upload(createOffer, form());
    (await sentRequest()).respond(403, {
      message: 'Identity verification is required before you can accept this offer.',
      code: 'VERIFICATION_REQUIRED',
    });
    await expect(result).rejects.toMatchObject({ status: 403, code: 'VERIFICATION_REQUIRED' });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('has no code for an answer without one, or with one it does not know', async () => {
    const proxy = browserApi('en', () => true).upload(createOffer, form());
    (await sentRequest()).respond(403, '<html>Forbidden by the proxy</html>');
    await expect(proxy).rejects.toMatchObject({ status: 403, code: null });
    expect(location.assign).toHaveBeenCalledWith('/en/forbidden');

    FakeXhr.sent = [];
    const unknown = browserApi('en').upload(createOffer, form());
    (await sentRequest()).respond(422, { message: 'Odd.', code: 'SOMETHING_NEW' });
    await expect(unknown).rejects.toMatchObject({ status: 422, code: null, message: 'Odd.' });
  });

  it('fails with status 0 when the network fails, and rejects an answer outside the contract', async () => {
    const offline = browserApi('en').upload(createOffer, form());
    (await sentRequest()).onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0 });

    FakeXhr.sent = [];
    const odd = browserApi('en').upload(createOffer, form());
    (await sentRequest()).respond(200, '<html>proxy page</html>');
    await expect(odd).rejects.toMatchObject({ status: 502 });
  });

  it('stops the upload when its signal aborts', async () => {
    const controller = new AbortController();
    const result = browserApi('en').upload(createOffer, form(), { signal: controller.signal });
    const request = await sentRequest();
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(request.aborted).toBe(true);
  });
});

describe('asking for a file', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('posts with the language and the XSRF token, reports progress, and names the file', async () => {
    const bytes = new Uint8Array(4096).fill(7);
    fetchMock.mockResolvedValue(
      new Response(bytes, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-length': '4096',
          'content-disposition': `attachment; filename="a.zip"; filename*=UTF-8''sch%C3%B6n.zip`,
          'x-generation-id': '12',
        },
      }),
    );
    const progress: number[] = [];
    const answer = await browserApi('de', () => true).file(
      generateImage,
      { body: { title: 'Sky' } },
      (percent) => progress.push(percent),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/purchase/generate-image');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"title":"Sky"}' });
    expect(init.headers).toEqual({
      accept: 'application/zip, application/json',
      'frontend-language': 'de',
      'x-xsrf-token': 'token=42',
      'content-type': 'application/json',
    });
    expect(answer.filename).toBe('schön.zip');
    expect(answer.blob.size).toBe(4096);
    expect(answer.headers.get('x-generation-id')).toBe('12');
    expect(progress.at(-1)).toBe(100);
  });

  it.each([400, 422, 500])(
    'reads a %i answer as JSON {message}, keeping the rest of the body',
    async (status) => {
      fetchMock.mockResolvedValue(
        Response.json(
          { status: 'ERROR', message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS', missing: 0.5 },
          { status },
        ),
      );
      const failure = await browserApi('en')
        .file(download, { params: { orderId: 1 } })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        status,
        message: 'Insufficient funds',
        code: 'INSUFFICIENT_FUNDS',
        body: { missing: 0.5 },
      });
      expect(location.assign).not.toHaveBeenCalled();
    },
  );

  it('leaves the message empty when the server gave none, for the caller to say its own', async () => {
    fetchMock.mockResolvedValue(new Response('<html>gateway</html>', { status: 500 }));
    await expect(
      browserApi('en').file(download, { params: { orderId: 1 }, query: { format: 'png' } }),
    ).rejects.toMatchObject({
      status: 500,
      message: '',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/purchase/1/download?format=png');
  });

  it('carries out the transport rules for other statuses: a 401 goes to login', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }, { status: 401 }),
    );
    await expect(
      browserApi('de', () => true).file(download, { params: { orderId: 1 } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(location.assign).toHaveBeenCalledWith(expect.stringContaining('/de/login'));
  });
});
