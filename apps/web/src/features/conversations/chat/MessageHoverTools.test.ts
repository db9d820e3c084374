import { describe, expect, it } from 'vitest';
import { REVOKE_WINDOW_MS } from '@cst/shared';
import { i18n } from '../../../i18n/index.ts';
import { fromServer } from '../store/inboxChanges.ts';
import { hoverActions } from './MessageHoverTools.tsx';
import { buildConv, buildMessage } from '../store/testFactories.ts';

const conv = buildConv('wxid_hover');
const sentAt = Date.UTC(2026, 0, 1) + 1000;
const t = i18n.t.bind(i18n);

describe('the hover toolbar of a message', () => {
  it('offers quote on any message and revoke on the own ones within the window', () => {
    const theirs = fromServer(buildMessage(conv, 1));
    expect(hoverActions(theirs, true, t, sentAt + 10)).toEqual({ quote: true, revoke: false });
    const own = fromServer(buildMessage(conv, 1, { sendSide: 1, sendOk: true }));
    expect(hoverActions(own, true, t, sentAt + 10)).toEqual({ quote: true, revoke: true });
    expect(hoverActions(own, true, t, sentAt + REVOKE_WINDOW_MS + 1)).toEqual({
      quote: true,
      revoke: false,
    });
  });

  it('offers nothing without the send permission, nor on a failed or system message', () => {
    const own = fromServer(buildMessage(conv, 1, { sendSide: 1, sendOk: true }));
    expect(hoverActions(own, false, t, sentAt)).toEqual({ quote: false, revoke: false });
    const failed = fromServer(buildMessage(conv, 1, { sendSide: 1, failed: true }));
    expect(hoverActions(failed, true, t, sentAt).revoke).toBe(false);
    const notice = fromServer(buildMessage(conv, 1, { msgType: 99, content: '你撤回了一条消息' }));
    expect(hoverActions(notice, true, t, sentAt)).toEqual({ quote: false, revoke: false });
  });
});
