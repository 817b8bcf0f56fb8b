import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newestMigrationAt } from '../../db/migrate';
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

describe('GET /api/ready', () => {
  it('answers 200 once the database answers with this code’s schema, 503 with Retry-After otherwise', async () => {
    const app = await createTestApp();
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    // Newer code migrated the database: this node is taken out of the balancer.
    await app.testDatabase.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from newer code', ${newestMigrationAt + 60_000})`,
    );
    const newer = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(newer.statusCode).toBe(503);
    expect(newer.headers['retry-after']).toBe('5');
    expect(newer.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await app.testDatabase.close();
    const gone = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ message: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' });
    await app.close();
  });
});
