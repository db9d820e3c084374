import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { MSG_TYPE } from '@cst/shared';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';
import { messageToolItems } from './messageTools.ts';

const t = ((k: string) => k) as unknown as TFunction;
const conv = buildConv('weixin');
const keys = (msgType: number) =>
  messageToolItems(buildMessage(conv, 1, { msgType }), t).map((i) => i?.key);

describe('message tools', () => {
  it('offer forward only for types the server forwards; a login notice is not one', () => {
    expect(keys(MSG_TYPE.text)).toEqual(['tool:forward', 'tool:collect', 'tool:delete']);
    expect(keys(MSG_TYPE.loginNotice)).toEqual(['tool:collect', 'tool:delete']);
    expect(keys(MSG_TYPE.transfer)).toEqual(['tool:collect', 'tool:delete']);
  });
});
