import { createHmac } from 'node:crypto';
import http from 'node:http';

/** A request a receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; tenantId: string; occurredAt: number; data: unknown };
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every POST and answers the next
 * status of `answers` (200 once they run out). On `atPort` when given (0: any free port).
 */
export async function startReceiver(atPort = 0) {
  const got: Received[] = [];
  const answers: number[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      got.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : `no ${'x'.repeat(2000)}`);
      for (const w of waiters.splice(0)) w();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(atPort, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    got,
    answers,
    /** Resolves once `check` holds over what was received (checked on each request). */
    async until(check: (got: Received[]) => boolean, ms = 15_000): Promise<void> {
      const end = Date.now() + ms;
      while (!check(got)) {
        if (Date.now() > end) throw new Error(`receiver: condition not met (${got.length} got)`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Whether a delivery's `X-CST-Signature` has a `v1=` entry made with `secret`. */
export function signedWith(r: Received, secret: string): boolean {
  const ts = String(r.headers['x-cst-timestamp']);
  const want = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex');
  return String(r.headers['x-cst-signature'])
    .split(',')
    .some((part) => part.trim() === `v1=${want}`);
}
