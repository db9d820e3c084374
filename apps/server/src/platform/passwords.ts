import { hash, verify } from '@node-rs/argon2';

/** An argon2id hash of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** Whether a password matches its hash; false for malformed hashes. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
