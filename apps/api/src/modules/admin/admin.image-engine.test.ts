import { adminSettingsResponse } from '@promptmarket/contracts/admin-content';
import { afterAll, describe, expect, it } from 'vitest';
import { call, newAdmin } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

/** The settings tell the back office which engine draws generated pictures, as configured. */

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function engineOf(env: Record<string, string>) {
  const app = await createTestApp(env);
  apps.push(app);
  const admin = await newAdmin(app, 'engine@example.test');
  const response = await call(app, admin, 'GET', '/api/admin/settings');
  expect(response.statusCode).toBe(200);
  return adminSettingsResponse.parse(response.json()).payload.image_engine;
}

describe('the engine named in the settings', () => {
  it('is the demo engine without IMAGE_API_URL, and the configured service with it', async () => {
    expect(await engineOf({})).toBe('local');
    expect(await engineOf({ IMAGE_API_URL: 'http://127.0.0.1:9/', IMAGE_API_KIND: 'comfyui' })).toBe(
      'comfyui',
    );
  });
});
