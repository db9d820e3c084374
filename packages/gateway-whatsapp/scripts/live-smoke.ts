// A live smoke test against WhatsApp itself: never in CI, never run by `vitest`. It opens real
// network connections, so run it by hand with a test phone you can afford to lose:
//
//   WA_LIVE=1 WA_LIVE_TO=8613800138000 node --import tsx packages/gateway-whatsapp/scripts/live-smoke.ts
//
// It prints a QR code (scan it: WhatsApp → Linked devices), sends one text to WA_LIVE_TO, waits
// for one message back, then logs the device out. The session lives in a PGlite folder under
// WA_LIVE_DIR (default /tmp/cst-wa-live), so a second run resumes without a scan if you skip the
// logout with WA_LIVE_KEEP=1. WA_LIVE_PROXY=ip:port:user:pass connects through a SOCKS5 proxy.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import QRCode from 'qrcode';
import { createWhatsAppGateway } from '../src/index.ts';
import { createTestDatabase } from '../src/test-database.ts';

if (process.env.WA_LIVE !== '1' || !process.env.WA_LIVE_TO) {
  console.error('Set WA_LIVE=1 and WA_LIVE_TO=<phone digits> to run the live smoke test.');
  process.exit(2);
}
const dir = process.env.WA_LIVE_DIR ?? '/tmp/cst-wa-live';
mkdirSync(dir, { recursive: true });
const database = await createTestDatabase(path.join(dir, 'pg'));
// The session secrets' key: WA_AUTH_KEY, else one kept beside the database.
const keyFile = path.join(dir, 'auth.key');
const key = process.env.WA_AUTH_KEY
  ? Buffer.from(process.env.WA_AUTH_KEY, 'base64')
  : (() => {
      try {
        return readFileSync(keyFile);
      } catch {
        const k = randomBytes(32);
        writeFileSync(keyFile, k, { mode: 0o600 });
        return k;
      }
    })();
const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const gw = await createWhatsAppGateway({
  db: database.db,
  config: { whatsappAuthKey: key },
  sharedSecret: database.sharedSecret,
  log,
  now: Date.now,
});
const to = `${process.env.WA_LIVE_TO.replace(/\D/g, '')}@s.whatsapp.net`;

const online = new Promise<string>((resolve) => {
  gw.on('statusChanged', (e) => {
    console.log(`status ${e.status} ${e.reason}`);
    if (e.status === 'online') resolve(e.workWxid);
  });
});
gw.on('qrIssued', async (e) => {
  console.log(await QRCode.toString(e.qrPayload, { type: 'terminal', small: true }));
  console.log(`scan within ${Math.round((e.expiresAt - Date.now()) / 1000)} s`);
});
gw.on('qrFailed', (e) => console.log(`login failed: ${e.message}`));
gw.on('qrExpired', () => console.log('the QR code expired'));

const known = process.env.WA_LIVE_ACCOUNT;
if (known) await gw.resume(known, { proxy: process.env.WA_LIVE_PROXY ?? null });
else await gw.startQrLogin({ proxy: process.env.WA_LIVE_PROXY });
const wxid = await online;
console.log(`online as ${wxid} (set WA_LIVE_ACCOUNT=${wxid} to resume next time)`);

const reply = new Promise<string>((resolve) => {
  gw.on('message', (m) => {
    if (!m.fromSelf) resolve(`${m.peerId}: ${m.content}`);
  });
});
const sent = await gw.send({
  workWxid: wxid,
  peerId: to,
  talkType: 1,
  requestId: `live-${Date.now()}`,
  message: { kind: 'text', content: 'cst live smoke test: please answer this message' },
});
console.log(`sent ${sent.msgId}; waiting for a message…`);
console.log(`received ${await reply}`);
if (process.env.WA_LIVE_KEEP !== '1') await gw.logout(wxid);
await gw.close();
await database.close();
