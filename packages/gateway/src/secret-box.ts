import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (an adapter's session keys, a tenant's provider keys). Each
 * value is bound to where it lives (the `context`, e.g. session, key type and id, or tenant and
 * setting), so a value copied to another place does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('a secret box key must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, context: string): string {
    const [version, data] = sealed.split('.', 2);
    if (version !== VERSION || !data) throw new Error('unknown secret format');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/**
 * The box of `envKey` when the operator set one, else of a 32-byte key the server keeps under
 * `name` (`sharedSecret` creates it once; every instance agrees).
 */
export async function openSecretBox(
  sharedSecret: (name: string) => Promise<string>,
  envKey: Buffer | undefined,
  name: string,
): Promise<SecretBox> {
  if (envKey) return new SecretBox(envKey);
  return new SecretBox(Buffer.from(await sharedSecret(name), 'base64url'));
}
