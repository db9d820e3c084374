import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_MODE_KEY, modeParamOf, openingMode, openingView } from './useInboxQueries.ts';

describe('the opening mode of the conversation screen', () => {
  afterEach(() => sessionStorage.clear());

  it('is the mode the URL asks for (the header unread icon), over the one chosen before', () => {
    sessionStorage.setItem(INBOX_MODE_KEY, 'account');
    expect(openingMode(new URLSearchParams('mode=unread'))).toBe('unread');
    expect(openingView(new URLSearchParams('mode=unread')).mode).toBe('unread');
    expect(openingMode(new URLSearchParams())).toBe('account');
    sessionStorage.setItem(INBOX_MODE_KEY, 'pinned');
    expect(openingMode(new URLSearchParams('v=1'))).toBe('pinned');
  });

  it('ignores a mode that does not exist', () => {
    expect(modeParamOf(new URLSearchParams('mode=everything'))).toBeUndefined();
    expect(openingMode(new URLSearchParams('mode=everything'))).toBe('account');
  });
});
