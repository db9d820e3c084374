import { describe, expect, it } from 'vitest';
import {
  MSG_TYPES,
  appContent,
  callContent,
  cardContent,
  channelVideoContent,
  forwardContent,
  linkContent,
  locationContent,
  loginNoticeContent,
  miniProgramContent,
  redPacketContent,
  transferContent,
  MSG_TYPE,
  type MsgType,
} from '@cst/shared';
import type { z } from 'zod';
import { contentProblem, exampleContent, isJsonType } from './msgExamples.ts';

const SCHEMAS: Partial<Record<MsgType, z.ZodType>> = {
  [MSG_TYPE.voiceCall]: callContent,
  [MSG_TYPE.videoCall]: callContent,
  [MSG_TYPE.card]: cardContent,
  [MSG_TYPE.link]: linkContent,
  [MSG_TYPE.miniProgram]: miniProgramContent,
  [MSG_TYPE.article]: linkContent,
  [MSG_TYPE.redPacket]: redPacketContent,
  [MSG_TYPE.transfer]: transferContent,
  [MSG_TYPE.location]: locationContent,
  [MSG_TYPE.channelVideo]: channelVideoContent,
  [MSG_TYPE.forward]: forwardContent,
  [MSG_TYPE.app]: appContent,
  [MSG_TYPE.loginNotice]: loginNoticeContent,
};

describe('message examples', () => {
  it('every structured type has an example in the shared shape', () => {
    for (const type of MSG_TYPES.filter(isJsonType)) {
      if (type === MSG_TYPE.quote) continue; // a plain text quote of the last message
      const schema = SCHEMAS[type];
      expect(schema, `schema of ${type}`).toBeDefined();
      expect(schema!.safeParse(JSON.parse(exampleContent(type))).success, `type ${type}`).toBe(
        true,
      );
    }
  });

  it('flags bad JSON only for structured types, and never empty content', () => {
    expect(contentProblem(MSG_TYPE.card, '{nope')).toBe('badJson');
    expect(contentProblem(MSG_TYPE.card, '')).toBeNull();
    expect(contentProblem(MSG_TYPE.text, '{nope')).toBeNull();
    expect(contentProblem(MSG_TYPE.quote, 'plain text quote')).toBeNull();
  });
});
