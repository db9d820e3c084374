import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AiCapability, PlatformInfo } from '@cst/shared';
import { i18n } from '../../i18n/index.ts';
import { signInForTest } from '../../lib/session/testSession.ts';
import { accountsKeys } from '../accounts/api.ts';
import { aiKeys } from '../ai/api.ts';
import type { ChatMessage } from '../conversations/store/inboxStore.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';
import { VoiceBubble } from './MediaBubbles.tsx';

const voice: ChatMessage = {
  ...buildMessage(buildConv('wxid_a'), 7, { msgType: 34, content: 'voice.amr' }),
  key: 'm7',
  local: false,
};

const noAi: AiCapability = { configured: false, source: null, stt: false, reason: 'x' };

function mount(platform: PlatformInfo, ai: AiCapability = noAi) {
  const qc = new QueryClient();
  qc.setQueryData(accountsKeys.platform, platform);
  qc.setQueryData(aiKeys.capability, ai);
  render(
    <QueryClientProvider client={qc}>
      <VoiceBubble message={voice} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('bubble-voice-to-text');
}

beforeEach(async () => {
  signInForTest([]);
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('VoiceBubble voice to text', () => {
  it('is disabled with the reason on a platform without it (WhatsApp)', () => {
    const button = mount({ platform: 'whatsapp', capabilities: ['sendVoice'], simulator: false });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('unsupported-voiceToText').getAttribute('aria-description')).toBe(
      'Not available on WhatsApp',
    );
  });

  it('works where the platform has it', () => {
    const button = mount({ platform: 'simulator', capabilities: ['voiceToText'], simulator: true });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('unsupported-voiceToText')).toBeNull();
  });

  it("works through the tenant's AI transcription model where the platform has none", () => {
    const button = mount(
      { platform: 'whatsapp', capabilities: ['sendVoice'], simulator: false },
      { configured: true, source: 'tenant', stt: true, reason: null },
    );
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('unsupported-voiceToText')).toBeNull();
  });
});
