import pg from 'pg';

/**
 * A visitor of one address calling the shop as a browser's script would: a cookie jar, the
 * XSRF header from its cookie, JSON bodies. Redirects are left to the caller.
 */
export function apiVisitor(
  address = `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function call(base: string, method: string, path: string, body?: unknown) {
    const xsrf = jar.get('XSRF-TOKEN');
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        accept: 'application/json',
        'x-forwarded-for': address,
        cookie: cookie(),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  return { call, cookie, jar };
}

/** One statement on the tests' PostgreSQL server (TEST_DATABASE_URL), e.g. to create or drop a database. */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
