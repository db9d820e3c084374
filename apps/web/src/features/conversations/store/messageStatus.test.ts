import { describe, expect, it } from 'vitest';
import { resentByTask } from './messageStatus.ts';

describe('a mass send resent by its task', () => {
  const failed = { requestId: 'bs:t1:4:1', failed: true };
  it('is the failed message with a later round of the same task row in the chat', () => {
    expect(resentByTask(failed, [failed, { requestId: 'bs:t1:4:2' }])).toBe(true);
  });
  it('is not another row, another task, an earlier round or a seat send', () => {
    const others = [
      { requestId: 'bs:t1:5:2' },
      { requestId: 'bs:t2:4:2' },
      { requestId: 'bs:t1:4:1' },
      { requestId: 'c0ffee' },
      { requestId: null },
    ];
    expect(resentByTask(failed, others)).toBe(false);
    expect(resentByTask({ ...failed, failed: false }, [{ requestId: 'bs:t1:4:2' }])).toBe(false);
    expect(resentByTask({ requestId: 'abc', failed: true }, [{ requestId: 'bs:t1:4:2' }])).toBe(
      false,
    );
  });
});
