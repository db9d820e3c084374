import { describe, expect, it } from 'vitest';
import {
  isGroupId,
  isMsgType,
  MATERIAL_TO_MSG_TYPE,
  materialTypeOf,
  MESSAGE_PUSH_EVENT,
  MSG_TYPE,
  MSG_TYPE_NAME,
  MSG_TYPES,
} from './chat.ts';

describe('chat constants', () => {
  it('numbers the message types as SPEC §3 does', () => {
    expect(MSG_TYPES).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 99,
    ]);
    expect(MSG_TYPE_NAME[6]).toBe('voice');
    expect(isMsgType(11)).toBe(false);
    expect(isMsgType(99)).toBe(true);
  });

  it('names the websocket event of every message type', () => {
    for (const t of MSG_TYPES) expect(MESSAGE_PUSH_EVENT[t]).toBeTruthy();
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.voice]).toBe('ptt');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.transfer]).toBe('transferMoney');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.redPacket]).toBe('luckyMoney');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.quote]).toBe('refer');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.article]).toBe('ghShare');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.system]).toBe('systemNotice');
    expect(MESSAGE_PUSH_EVENT[MSG_TYPE.loginNotice]).toBe('systemNotice');
  });

  it('maps message types to material types and back (SPEC §3)', () => {
    expect([1, 2, 5, 6, 3, 15, 14].map(materialTypeOf)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(materialTypeOf(MSG_TYPE.card)).toBeNull();
    for (const [material, msgType] of Object.entries(MATERIAL_TO_MSG_TYPE)) {
      expect(materialTypeOf(msgType)).toBe(Number(material));
    }
  });

  it('tells group ids by their marker', () => {
    expect(isGroupId('12345@chatroom')).toBe(true);
    expect(isGroupId('wxid_abc')).toBe(false);
  });
});
