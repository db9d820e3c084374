import { beforeAll, describe, expect, it } from 'vitest';
import type { BackupStatus } from '@cst/shared';
import { useTestServer, type Session } from '../../../test/support.ts';
import { signInAs } from '../../../test/factories.ts';
import { apiAs } from '../accounts/account.test-support.ts';

// The platform admin's backups over HTTP. The test database is in memory (or PostgreSQL), where
// the console cannot take one: the page says so and a start is refused with a message.

const ctx = useTestServer();
let admin: Session;
let demo: Session;
beforeAll(async () => ({ admin, demo } = await signInAs(ctx, 'admin', 'demo')));

describe('backups in the console', () => {
  it('show the platform admin their state, and refuse a start where none can run', async () => {
    const status = await apiAs(ctx, admin).get<BackupStatus>('/system-api/system/backups');
    expect(status.status).toBe(200);
    expect(status.data).toMatchObject({ available: false, scheduled: false, warning: null });
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/system-api/system/backups',
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: {},
    });
    expect(start.statusCode).toBe(400);
    expect((start.json() as { msg: string }).msg).toMatch(/only the embedded database/);
  });

  it('are the platform admin’s only', async () => {
    expect((await apiAs(ctx, demo).get('/system-api/system/backups')).status).toBe(403);
    expect((await apiAs(ctx, demo).post('/system-api/system/backups')).status).toBe(403);
  });
});
