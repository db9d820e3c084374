import { randomBytes } from 'node:crypto';
import {
  Curve,
  DEFAULT_CONNECTION_CONFIG,
  addTransactionCapability,
  generateSignalPubKey,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { WA_AUTH_SECRET, WaAuthStore } from './auth-store.ts';
import { SecretBox, openSecretBox } from '@cst/gateway';
import { waSessionKeys, waSessions } from './seam.ts';

let database: TestDatabase;
const key = randomBytes(32);
const now = () => Date.UTC(2025, 0, 15);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** One value of every key type Baileys stores. */
function everyKeyType(): SignalDataSet {
  const pair = Curve.generateKeyPair();
  return {
    'pre-key': { '1': pair },
    session: { 'a@lid.0': Buffer.from([1, 2, 3]) },
    'sender-key': { 'g@g.us::a::0': Buffer.from([4, 5]) },
    'sender-key-memory': { 'g@g.us': { 'a@lid': true } },
    'app-state-sync-key': {
      AAAA: proto.Message.AppStateSyncKeyData.fromObject({
        keyData: new Uint8Array([9, 9, 9]),
        timestamp: 1700000000,
      }),
    },
    'app-state-sync-version': {
      regular: { version: 3, hash: Buffer.alloc(128, 7), indexValueMap: {} },
    },
    'lid-mapping': { '8613800138000': '123456789012345' },
    'device-list': { '123456789012345': ['0', '12'] },
    tctoken: { 'a@lid': { token: Buffer.from('tok'), timestamp: '1700000000' } },
    'identity-key': { 'a@lid.0': Buffer.alloc(33, 5) },
  };
}

describe('WaAuthStore', () => {
  it('round-trips the credentials and every key type, encrypted at rest', async () => {
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-every', null);
    const data = everyKeyType();
    await store.setKeys(s.id, data);
    for (const [type, byId] of Object.entries(data)) {
      const ids = Object.keys(byId!);
      const got = await store.getKeys(s.id, type as keyof SignalDataSet, ids);
      if (type === 'app-state-sync-key') continue; // a protobuf: compared below
      expect(got, type).toEqual(byId);
    }
    const sync = await store.getKeys(s.id, 'app-state-sync-key', ['AAAA']);
    expect(sync.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.AAAA!.keyData!)).toEqual(Buffer.from([9, 9, 9]));
    expect(Number(sync.AAAA!.timestamp)).toBe(1700000000);

    const rows = await database.db
      .select()
      .from(waSessionKeys)
      .where(eq(waSessionKeys.sessionId, s.id));
    expect(rows).toHaveLength(10);
    const [sessionRow] = await database.db.select().from(waSessions).where(eq(waSessions.id, s.id));
    // Nothing readable in the columns: no key material, no JSON.
    const pub = Buffer.from(s.creds.noiseKey.public).toString('base64');
    expect(sessionRow!.creds).not.toContain(pub);
    expect(sessionRow!.creds).not.toContain('noiseKey');
    for (const r of rows) expect(r.value).not.toContain('{');
    // Another key does not open them.
    const other = new WaAuthStore(database.db, new SecretBox(randomBytes(32)), now);
    await expect(other.find(s.id)).rejects.toThrow();
  });

  it('deletes keys set to null and ignores missing ids', async () => {
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-null', null);
    await store.setKeys(s.id, {
      'pre-key': { '1': Curve.generateKeyPair(), '2': Curve.generateKeyPair() },
    });
    await store.setKeys(s.id, { 'pre-key': { '1': null } });
    expect(Object.keys(await store.getKeys(s.id, 'pre-key', ['1', '2', '3']))).toEqual(['2']);
  });

  it('keeps the order of writes that are not awaited', async () => {
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-order', null);
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 30; i++) {
      writes.push(store.setKeys(s.id, { 'lid-mapping': { pn: `lid-${i}` } }));
      if (i % 3 === 0)
        writes.push(store.setKeys(s.id, { 'lid-mapping': { gone: i % 2 ? null : 'x' } }));
      s.creds.nextPreKeyId = i;
      writes.push(store.saveCreds(s.id, s.creds));
    }
    // A read issued now sees every write queued before it.
    const read = await store.getKeys(s.id, 'lid-mapping', ['pn']);
    expect(read.pn).toBe('lid-29');
    await Promise.all(writes);
    const again = await new WaAuthStore(database.db, new SecretBox(key), now).find(s.id);
    expect(again!.creds.nextPreKeyId).toBe(29);
  });

  it('stores the 812 first pre-keys in one batch and restores a rebuilt store', async () => {
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-rebuild', 'h:1:u:p');
    const preKeys: Record<string, ReturnType<typeof Curve.generateKeyPair>> = {};
    for (let i = 1; i <= 812; i++) preKeys[String(i)] = Curve.generateKeyPair();
    await store.setKeys(s.id, { 'pre-key': preKeys });
    s.creds.me = {
      id: '8613800138000:3@s.whatsapp.net',
      lid: '123456789012345:3@lid',
      name: 'Ann',
    };
    await store.saveCreds(s.id, s.creds);
    await store.bind(s.id, '123456789012345@lid');

    // A new process: a new store over the same rows and the same key.
    const rebuilt = new WaAuthStore(
      database.db,
      await openSecretBox(database.sharedSecret, key, WA_AUTH_SECRET),
      now,
    );
    const back = await rebuilt.findByWxid('123456789012345@lid');
    expect(back!.id).toBe(s.id);
    expect(back!.proxy).toBe('h:1:u:p');
    expect(back!.creds).toEqual(s.creds);
    expect(Buffer.isBuffer(back!.creds.noiseKey.private)).toBe(true);
    const got = await rebuilt.getKeys(s.id, 'pre-key', ['1', '406', '812']);
    expect(got['812']).toEqual(preKeys['812']);

    // A second login of the same account replaces the first session.
    const s2 = await rebuilt.create('s-rebuild-2', null);
    await rebuilt.bind(s2.id, '123456789012345@lid');
    expect((await rebuilt.findByWxid('123456789012345@lid'))!.id).toBe(s2.id);
    expect(await rebuilt.find(s.id)).toBeNull();
    expect(await rebuilt.getKeys(s.id, 'pre-key', ['1'])).toEqual({});
  });

  it('creates the key once in the database when WA_AUTH_KEY is not set', async () => {
    const a = await openSecretBox(database.sharedSecret, undefined, WA_AUTH_SECRET);
    const b = await openSecretBox(database.sharedSecret, undefined, WA_AUTH_SECRET);
    expect(b.open(a.seal('secret', 'ctx'), 'ctx')).toBe('secret');
    expect(() => b.open(a.seal('secret', 'ctx'), 'other')).toThrow();
  });

  it('removes a session with its keys', async () => {
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-remove', null);
    await store.setKeys(s.id, everyKeyType());
    await store.remove(s.id);
    expect(await store.find(s.id)).toBeNull();
    const rows = await database.db
      .select()
      .from(waSessionKeys)
      .where(eq(waSessionKeys.sessionId, s.id));
    expect(rows).toEqual([]);
  });

  it('keeps a real signal session: a message decrypts after the store is rebuilt', async () => {
    const logger = pino({ level: 'silent' });
    const makeRepo = DEFAULT_CONNECTION_CONFIG.makeSignalRepository;
    const tx = (keys: SignalKeyStore) =>
      addTransactionCapability(keys, logger, { maxCommitRetries: 1, delayBetweenTriesMs: 1 });
    const ALICE = '8613800000001@s.whatsapp.net';
    const BOB = '8613800000002@s.whatsapp.net';

    // Bob: an in-memory key store.
    const bobCreds = initAuthCreds();
    const bobData = new Map<string, unknown>();
    const bobKeys: SignalKeyStore = {
      get: async (type, ids) =>
        Object.fromEntries(
          ids
            .filter((id) => bobData.has(`${type}/${id}`))
            .map((id) => [id, bobData.get(`${type}/${id}`)]),
        ) as { [id: string]: SignalDataTypeMap[typeof type] },
      set: async (data) => {
        for (const [type, byId] of Object.entries(data)) {
          for (const [id, v] of Object.entries(byId ?? {})) {
            if (v === null) bobData.delete(`${type}/${id}`);
            else bobData.set(`${type}/${id}`, v);
          }
        }
      },
    };
    const bobPreKey = Curve.generateKeyPair();
    await bobKeys.set({ 'pre-key': { '1': bobPreKey } });
    const bob = makeRepo({ creds: bobCreds, keys: tx(bobKeys) }, logger);

    // Alice: this store, in the database.
    const store = new WaAuthStore(database.db, new SecretBox(key), now);
    const s = await store.create('s-signal', null);
    const auth = store.authState(s);
    const alice = makeRepo({ creds: auth.creds, keys: tx(auth.keys) }, logger);
    await alice.injectE2ESession({
      jid: BOB,
      session: {
        registrationId: bobCreds.registrationId,
        identityKey: generateSignalPubKey(bobCreds.signedIdentityKey.public),
        signedPreKey: {
          keyId: bobCreds.signedPreKey.keyId,
          publicKey: generateSignalPubKey(bobCreds.signedPreKey.keyPair.public),
          signature: bobCreds.signedPreKey.signature,
        },
        preKey: { keyId: 1, publicKey: generateSignalPubKey(bobPreKey.public) },
      },
    });
    const first = await alice.encryptMessage({ jid: BOB, data: Buffer.from('hello bob') });
    expect(first.type).toBe('pkmsg');
    const opened = await bob.decryptMessage({
      jid: ALICE,
      type: first.type,
      ciphertext: first.ciphertext,
    });
    expect(Buffer.from(opened).toString()).toBe('hello bob');
    const answer = await bob.encryptMessage({ jid: ALICE, data: Buffer.from('hi alice') });
    const got = await alice.decryptMessage({
      jid: BOB,
      type: answer.type,
      ciphertext: answer.ciphertext,
    });
    expect(Buffer.from(got).toString()).toBe('hi alice');
    await store.flush();

    // A new process: the session comes back from the rows alone.
    const rebuilt = new WaAuthStore(
      database.db,
      await openSecretBox(database.sharedSecret, key, WA_AUTH_SECRET),
      now,
    );
    const back = rebuilt.authState((await rebuilt.find(s.id))!);
    const alice2 = makeRepo({ creds: back.creds, keys: tx(back.keys) }, logger);
    const later = await bob.encryptMessage({ jid: ALICE, data: Buffer.from('after restart') });
    const again = await alice2.decryptMessage({
      jid: BOB,
      type: later.type,
      ciphertext: later.ciphertext,
    });
    expect(Buffer.from(again).toString()).toBe('after restart');
    const reply = await alice2.encryptMessage({ jid: BOB, data: Buffer.from('still here') });
    const seen = await bob.decryptMessage({
      jid: ALICE,
      type: reply.type,
      ciphertext: reply.ciphertext,
    });
    expect(Buffer.from(seen).toString()).toBe('still here');
  });
});
