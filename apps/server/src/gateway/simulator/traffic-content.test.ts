import { describe, expect, it } from 'vitest';
import { MSG_TYPE } from '@cst/shared';
import { createRng } from './prng.ts';
import { makeContent } from './traffic-content.ts';
import { makePerson } from './world.ts';

describe('the simulated traffic', () => {
  it("never tells a friend's chat that the other side is not a friend, or was just added", () => {
    const rng = createRng('notices');
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const { content } = makeContent(MSG_TYPE.system, {
        rng,
        inGroup: false,
        city: '深圳',
        writerName: '汤晓',
        cardPerson: makePerson(rng),
        now: 0,
      });
      seen.add(content);
    }
    expect([...seen].sort()).toEqual(['"汤晓"拍了拍你', '"汤晓"拍了拍你的头像']);
  });
});
