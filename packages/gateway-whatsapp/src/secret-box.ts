import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const SECRET_NAME = 'wa_auth_key';

/**
 * AES-256-GCM for the session secrets at rest. Each value is bound to where it lives (the
 * `context`: session, key type and id), so a row copied to another place does not open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the WhatsApp auth key must be 32 bytes');
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

/** The box of WA_AUTH_KEY when set, else of a key the server keeps (`server_secrets`). */
export async function openSecretBox(
  sharedSecret: (name: string) => Promise<string>,
  envKey: Buffer | undefined,
): Promise<SecretBox> {
  if (envKey) return new SecretBox(envKey);
  return new SecretBox(Buffer.from(await sharedSecret(SECRET_NAME), 'base64url'));
}
