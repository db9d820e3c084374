import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openSecretBox, type SecretBox } from '@cst/gateway';
import { serverSecrets } from '../db/schema/index.ts';
import type { DbOrTx } from './db.ts';

/** A shared secret by name, created once (the first instance to ask wins; every instance agrees). */
export async function sharedSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1);
  return rows[0]!.value;
}

const SETTINGS_SECRET = 'settings_secret_key';
const boxes = new WeakMap<object, Promise<SecretBox>>();

/**
 * The box that seals what a tenant keeps secret in its settings (a translation or AI provider's
 * key): AES-256-GCM under a key the server keeps. Seal with a context naming the tenant and the
 * setting (`tenant:<id>:ai.apiKey`) so a value copied to another tenant does not open.
 */
export function settingsSecretBox(db: DbOrTx): Promise<SecretBox> {
  let box = boxes.get(db);
  if (!box) {
    box = openSecretBox((name) => sharedSecret(db, name), undefined, SETTINGS_SECRET);
    box.catch(() => boxes.delete(db));
    boxes.set(db, box);
  }
  return box;
}
