import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, strongPassword, uniqueEmail } from '../../test/accounts';
import { createTestApp, startBrowserSession, type TestApp } from '../../test/app';
import { limitAddress } from './throttle.service';

describe('limitAddress', () => {
  it('counts an IPv6 address as its /64, an IPv4 address as itself, also when written as IPv6', () => {
    expect(limitAddress('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(limitAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitAddress('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(limitAddress('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(limitAddress('unknown')).toBe('unknown');
  });
});

describe('per-address limits on IPv6', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const register = async (remoteAddress: string) =>
    call(
      app,
      await startBrowserSession(app),
      'POST',
      '/api/register',
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: uniqueEmail('v6'),
        password: strongPassword,
        password_confirmation: strongPassword,
        terms: true,
      },
      {},
      remoteAddress,
    );

  it('counts the addresses of one /64 together (10 registrations an hour) and leaves other /64s alone', async () => {
    for (let host = 1; host <= 10; host++) {
      expect((await register(`2001:db8:aa:1::${host.toString(16)}`)).statusCode).toBe(200);
    }
    const next = await register('2001:db8:aa:1:ffff:1234:5678:9abc');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register('2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', async () => {
    for (let turn = 0; turn < 10; turn++) {
      expect((await register(turn % 2 ? '203.0.113.77' : '::ffff:203.0.113.77')).statusCode).toBe(200);
    }
    expect((await register('::ffff:203.0.113.77')).statusCode).toBe(429);
    expect((await register('203.0.113.77')).statusCode).toBe(429);
    expect((await register('203.0.113.78')).statusCode).toBe(200);
  });
});
