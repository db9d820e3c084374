import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/support.ts';
import { settingsSecretBox, sharedSecret } from './secrets.ts';

const database = useTestDatabase();

describe('settings secrets', () => {
  it('seals a tenant setting so that only its own context opens it', async () => {
    const box = await settingsSecretBox(database.db);
    const sealed = box.seal('sk-live-123', 'tenant:1:ai.apiKey');
    expect(sealed).not.toContain('sk-live-123');
    expect(box.open(sealed, 'tenant:1:ai.apiKey')).toBe('sk-live-123');
    expect(() => box.open(sealed, 'tenant:2:ai.apiKey')).toThrow();
  });

  it('keeps one key for the server, so a sealed value opens after a restart', async () => {
    const sealed = (await settingsSecretBox(database.db)).seal('k', 'tenant:1:x');
    const again = await import('@cst/gateway').then(({ openSecretBox }) =>
      openSecretBox((name) => sharedSecret(database.db, name), undefined, 'settings_secret_key'),
    );
    expect(again.open(sealed, 'tenant:1:x')).toBe('k');
  });
});
