import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support.ts';

describe('request logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const ctx = useTestServer({}, { logger: { level: 'info', stream } });

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
