// Issue 3 figures: the server's resident memory with 50 simulated accounts online (beside the same
// server idle with none), and the time for 50 accounts to be online again after a restart (beside
// the time to /healthz of the same restart).
import fs from 'node:fs';
import { report, rssMb, startServer, type BenchServer } from './lib.ts';
import { BENCH_ENV, BENCH_PASSWORD } from './session.ts';

const N = Number(process.env.BENCH_ACCOUNTS ?? 50);
const env = BENCH_ENV;

async function call<T>(s: BenchServer, url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(s.url + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cst-token': token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message?: string; msg?: string; data: T };
  if (!res.ok) throw new Error(`${url}: ${json.message ?? json.msg}`);
  return json.data;
}

async function onlineCount(s: BenchServer, token: string): Promise<number> {
  const list = await call<{ list: { status: string }[] }>(s, '/main-api/acc/all', token, {
    pageSize: 500,
  });
  return list.list.filter((a) => a.status === 'online').length;
}

async function waitOnline(s: BenchServer, token: string, n: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  while ((await onlineCount(s, token)) < n) {
    if (Date.now() > deadline) throw new Error('accounts did not come online');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  let s = await startServer(env);
  const dataDir = s.dataDir;
  try {
    const login = async () =>
      (
        await call<{ token: string }>(s, '/system-api/auth/login', '', {
          username: 'demo',
          password: BENCH_PASSWORD,
        })
      ).token;
    let token = await login();
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(s.child.pid!);
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const code = await call<{ loginId: string }>(s, '/main-api/acc/qr-login-code', token, {});
      await call(s, '/sim-api/qr/scan', token, { loginId: code.loginId, confirm: true });
    }
    await waitOnline(s, token, N);
    const addSecs = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    report(
      `resident memory with ${N} accounts online (MB)`,
      rssMb(s.child.pid!).toFixed(0),
      `${idle.toFixed(0)} idle`,
    );
    console.log(`  (${N} accounts added by QR in ${addSecs.toFixed(1)} s)`);

    await s.stop();
    const t1 = performance.now();
    s = await startServer(env, dataDir);
    const ready = performance.now() - t1;
    token = await login();
    await waitOnline(s, token, N);
    const online = performance.now() - t1;
    report(
      `${N} accounts online after restart (s)`,
      (online / 1000).toFixed(2),
      `${(ready / 1000).toFixed(2)} to /healthz`,
    );
  } finally {
    await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
