import { describe, expect, it } from 'vitest';
import { Draft, type InboxData } from '../conversations/store/inboxStore.ts';
import { removeDeleted } from './deletedMessages.ts';

describe('removeDeleted', () => {
  it('drops the deleted messages from a loaded chat only', () => {
    const data = {
      convs: {},
      messages: {},
      keyByMessageId: { '7': 'u:abc' },
      chats: {
        a: {
          keys: ['m:5', 'u:abc', 'm:9'],
          hasMore: false,
          loaded: true,
          firstItemIndex: 0,
          loadingOlder: false,
          generation: 0,
        },
      },
    } as unknown as InboxData;
    const d = new Draft(data);
    removeDeleted(d, 'a', ['7', '9']);
    removeDeleted(d, 'missing', ['5']);
    expect(d.data.chats.a!.keys).toEqual(['m:5']);
    expect(data.chats.a!.keys).toHaveLength(3);
  });
});
