import { describe, expect, it } from 'vitest';
import { createPolicy, signPolicy, verifyPolicy } from './post-policy.ts';

const SECRET = 'test-secret';
const NOW = Date.parse('2025-01-01T00:00:00Z');
const DIR = 't/11111111-2222-3333-4444-555555555555/';

function form(over: Record<string, string> = {}, maxBytes = 1000, expiresAt = NOW + 3600_000) {
  const p = createPolicy(SECRET, { dir: DIR, maxBytes, expiresAt });
  return {
    key: `${DIR}a/b.png`,
    OSSAccessKeyId: 'id',
    policy: p.policy,
    signature: p.signature,
    ...over,
  };
}

describe('POST policy (OSS/S3 style)', () => {
  it('signs with HMAC-SHA1 over the base64 policy', () => {
    const p = createPolicy(SECRET, { dir: DIR, maxBytes: 10, expiresAt: NOW + 1000 });
    expect(p.signature).toBe(signPolicy(SECRET, p.policy));
    expect(p.expire).toBe(Math.floor((NOW + 1000) / 1000));
    const doc = JSON.parse(Buffer.from(p.policy, 'base64').toString()) as { conditions: unknown[] };
    expect(doc.conditions).toEqual([
      ['starts-with', '$key', DIR],
      ['content-length-range', 0, 10],
    ]);
  });

  it('accepts a good form with the policy range, capped by the server limit', () => {
    expect(verifyPolicy(SECRET, 'id', form(), NOW, 500)).toEqual({
      ok: true,
      key: `${DIR}a/b.png`,
      minBytes: 0,
      maxBytes: 500,
    });
  });

  it('refuses what OSS refuses, with the same status classes', () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ signature: 'x' }, 403, 'uploadSignatureInvalid'],
      [{ OSSAccessKeyId: 'other' }, 403, 'uploadSignatureInvalid'],
      [{ key: 't/other/a.png' }, 400, 'uploadKeyInvalid'],
      [{ key: `${DIR}../x.png` }, 400, 'uploadKeyInvalid'],
      [{ key: `${DIR}a\\b.png` }, 400, 'uploadKeyInvalid'],
      [{ key: `/${DIR}a.png` }, 400, 'uploadKeyInvalid'],
      [{ key: '' }, 400, 'uploadFieldMissing'],
    ];
    for (const [over, status, key] of cases) {
      expect(verifyPolicy(SECRET, 'id', form(over), NOW, 500), JSON.stringify(over)).toMatchObject({
        ok: false,
        status,
        key,
      });
    }
    expect(verifyPolicy(SECRET, 'id', form({}, 1000, NOW - 1), NOW, 500)).toMatchObject({
      ok: false,
      status: 403,
      key: 'uploadPolicyExpired',
    });
  });

  it('refuses a policy that is not JSON even when signed', () => {
    const policy = Buffer.from('not json').toString('base64');
    const r = verifyPolicy(
      SECRET,
      'id',
      { ...form(), policy, signature: signPolicy(SECRET, policy) },
      NOW,
      500,
    );
    expect(r).toMatchObject({ ok: false, status: 400 });
  });
});
