import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

describe('GET /api/ping', () => {
  it('answers without touching the database', async () => {
    const app = await createTestApp();
    await app.testDatabase.close();
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await app.close();
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    await app.close();
  });

  it('answers 503 when the database cannot be reached', async () => {
    const app = await createTestApp();
    await app.testDatabase.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' });
    expect(response.headers['retry-after']).toBe('5');
    await app.close();
  });
});
