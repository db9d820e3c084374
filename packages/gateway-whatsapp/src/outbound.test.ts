import { describe, expect, it } from 'vitest';
import { mentionText } from './outbound.ts';

// Issue 31 §5: a group mention from the console says `@name`; WhatsApp needs `@<number>`.
describe('mentionText', () => {
  it('writes each mentioned member as @<number> where the text names it', () => {
    const text = mentionText('@Ana Lu 你好，@Bo 请看', [
      { jid: '8613800000001@s.whatsapp.net', names: ['Ana', 'Ana Lu'] },
      { jid: '8613800000002@s.whatsapp.net', names: ['Bo'] },
    ]);
    expect(text).toBe('@8613800000001 你好，@8613800000002 请看');
  });

  it('leaves the text alone when a name is not in it or the number already is', () => {
    const m = [{ jid: '123456789@lid', names: ['Cy'] }];
    expect(mentionText('大家好', m)).toBe('大家好');
    expect(mentionText('@123456789 hi', m)).toBe('@123456789 hi');
  });
});
