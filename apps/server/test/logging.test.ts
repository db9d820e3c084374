import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildTestApp, type TestContext } from './support.ts';

describe('request logs', () => {
  let ctx: TestContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp();
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    app = await buildApp(ctx.deps, { logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('carry a request id and never a token from the url', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/v1/download/user-chat-file?cr_id=1&token=s3cret-token',
    });
    const log = lines.join('');
    expect(log).toContain('reqId');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('s3cret-token');
  });
});
