// Measures the adapter's own heap per logged-in account: N accounts paired and online on fake
// sockets (Baileys' event buffer, no network) in one process, heap before and after.
//   node --expose-gc --import tsx packages/gateway-whatsapp/scripts/memory.ts [N]
import { buildWa } from '../src/test-support.ts';

const n = Number(process.argv[2] ?? 50);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  return process.memoryUsage();
};

const h = await buildWa({ options: { maxConnecting: 4 } });
const before = await heap();
for (let i = 0; i < n; i++) {
  const count = h.sockets.length;
  const started = h.gateway.startQrLogin();
  await h.until(() => h.sockets.length > count);
  const sock = h.sock;
  sock.qr(`2@code-${i}`);
  await started;
  const phone = String(8613800000000 + i);
  const lid = String(100000000000000 + i);
  sock.pair({ id: `${phone}:7@s.whatsapp.net`, lid: `${lid}:7@lid`, name: `Phone ${i}` });
  await h.until(() => h.sock !== sock);
  h.sock.open();
  await h.until(() => h.gateway.heldAccounts().length === i + 1, 10_000);
}
const after = await heap();
const mb = (b: number) => (b / 1024 / 1024).toFixed(2);
console.log(
  JSON.stringify({
    accounts: n,
    heapPerAccountMB: mb((after.heapUsed - before.heapUsed) / n),
    rssPerAccountMB: mb((after.rss - before.rss) / n),
    heapBeforeMB: mb(before.heapUsed),
    heapAfterMB: mb(after.heapUsed),
    rssBeforeMB: mb(before.rss),
    rssAfterMB: mb(after.rss),
  }),
);
await h.close();
