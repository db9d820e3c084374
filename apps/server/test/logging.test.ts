import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './support.ts';

describe('request logs', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    ctx = await buildTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('carry a request id and never a token from the url', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/download/user-chat-file?cr_id=1&token=s3cret-token',
    });
    const log = lines.join('');
    expect(log).toContain('reqId');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('s3cret-token');
  });
});
