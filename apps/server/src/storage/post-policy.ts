import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageKey } from '@cst/shared';
import { isSafeKey } from './object-storage.ts';

/** A POST policy as OSS and S3 read it: base64 JSON of `expiration` and `conditions`. */
export interface PolicyDocument {
  expiration: string;
  conditions: unknown[];
}

/** HMAC-SHA1 of the base64 policy with the secret, base64 (the OSS/S3 v2 signature). */
export function signPolicy(secret: string, policyBase64: string): string {
  return createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64');
}

/** A signed policy for uploads into `dir` of at most `maxBytes`, valid until `expiresAt` (ms). */
export function createPolicy(
  secret: string,
  opts: { dir: string; maxBytes: number; expiresAt: number },
): { policy: string; signature: string; expire: number } {
  const doc: PolicyDocument = {
    expiration: new Date(opts.expiresAt).toISOString(),
    conditions: [
      ['starts-with', '$key', opts.dir],
      ['content-length-range', 0, opts.maxBytes],
    ],
  };
  const policy = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64');
  return {
    policy,
    signature: signPolicy(secret, policy),
    expire: Math.floor(opts.expiresAt / 1000),
  };
}

/** Why an upload's form was refused, with the HTTP status an OSS/S3 endpoint would give. */
export interface PolicyRefusal {
  ok: false;
  status: 400 | 403;
  key: MessageKey;
  params?: Record<string, string>;
}
/** An accepted form: the key and the byte range the policy allows. */
export interface PolicyAccepted {
  ok: true;
  key: string;
  minBytes: number;
  maxBytes: number;
}

const refuse = (
  status: 400 | 403,
  key: MessageKey,
  params?: Record<string, string>,
): PolicyRefusal => ({ ok: false, status, key, params });

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks the fields of a POST upload as an OSS/S3 endpoint does: access id and signature (403),
 * expiry (403), every condition of the policy (`starts-with` on the key → 400, other conditions →
 * 403), and the key itself (no `..`, absolute path or backslash → 400). `maxBytesCap` bounds the
 * range whatever the policy says.
 */
export function verifyPolicy(
  secret: string,
  accessId: string,
  fields: Record<string, string>,
  now: number,
  maxBytesCap: number,
): PolicyAccepted | PolicyRefusal {
  for (const f of ['key', 'policy', 'signature', 'OSSAccessKeyId']) {
    if (!fields[f]) return refuse(400, 'uploadFieldMissing', { field: f });
  }
  const key = fields.key!;
  if (fields.OSSAccessKeyId !== accessId) return refuse(403, 'uploadSignatureInvalid');
  if (!sameSignature(signPolicy(secret, fields.policy!), fields.signature!)) {
    return refuse(403, 'uploadSignatureInvalid');
  }
  let doc: PolicyDocument;
  try {
    doc = JSON.parse(Buffer.from(fields.policy!, 'base64').toString('utf8')) as PolicyDocument;
  } catch {
    return refuse(400, 'uploadPolicyInvalid');
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.conditions)) {
    return refuse(400, 'uploadPolicyInvalid');
  }
  const expires = Date.parse(String(doc.expiration));
  if (!Number.isFinite(expires) || expires <= now) return refuse(403, 'uploadPolicyExpired');
  if (!isSafeKey(key)) return refuse(400, 'uploadKeyInvalid');
  let minBytes = 0;
  let maxBytes = maxBytesCap;
  for (const c of doc.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as unknown[];
      if (op === 'content-length-range') {
        minBytes = Math.max(minBytes, Number(a) || 0);
        maxBytes = Math.min(maxBytes, Number(b));
        if (!Number.isFinite(maxBytes)) return refuse(400, 'uploadPolicyInvalid');
        continue;
      }
      const field = typeof a === 'string' && a.startsWith('$') ? a.slice(1) : null;
      if (!field || typeof b !== 'string') return refuse(400, 'uploadPolicyInvalid');
      const value = fields[field] ?? '';
      if (op === 'starts-with') {
        if (!value.startsWith(b)) {
          return field === 'key'
            ? refuse(400, 'uploadKeyInvalid')
            : refuse(403, 'uploadPolicyInvalid');
        }
      } else if (op === 'eq') {
        if (value !== b) {
          return field === 'key'
            ? refuse(400, 'uploadKeyInvalid')
            : refuse(403, 'uploadPolicyInvalid');
        }
      } else {
        return refuse(400, 'uploadPolicyInvalid');
      }
    } else if (c && typeof c === 'object') {
      for (const [field, value] of Object.entries(c as Record<string, unknown>)) {
        if (field === 'bucket') continue;
        if ((fields[field] ?? '') !== String(value)) {
          return field === 'key'
            ? refuse(400, 'uploadKeyInvalid')
            : refuse(403, 'uploadPolicyInvalid');
        }
      }
    } else {
      return refuse(400, 'uploadPolicyInvalid');
    }
  }
  return { ok: true, key, minBytes, maxBytes };
}
