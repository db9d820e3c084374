import { describe, expect, it } from 'vitest';
import { MSG_TYPE, MSG_TYPES } from './chat.ts';
import { callDuration, messagePreview, parseCallPreview, quoteText } from './preview.ts';

const json = (v: unknown) => JSON.stringify(v);

describe('messagePreview', () => {
  it('never shows raw JSON for a type other than text', () => {
    for (const type of MSG_TYPES.filter((t) => t !== MSG_TYPE.text && t !== MSG_TYPE.system)) {
      const preview = messagePreview(type, json({ foo: 1, bar: { baz: 'x' } }), null);
      expect(preview, `type ${type}`).not.toMatch(/[{}"]/);
    }
  });

  it('words a voice or video call by how it ended, with the duration of an ended one', () => {
    const ended = json({ result: 'ended', durationSec: 83 });
    expect(messagePreview(MSG_TYPE.voiceCall, ended, null)).toBe('ended 1:23');
    expect(
      messagePreview(MSG_TYPE.videoCall, json({ result: 'missed', durationSec: 0 }), null),
    ).toBe('missed');
    expect(parseCallPreview('ended 1:23')).toEqual({ result: 'ended', duration: '1:23' });
    expect(parseCallPreview('rejected')).toEqual({ result: 'rejected', duration: '' });
    expect(parseCallPreview('ended the call')).toBeNull();
    expect(callDuration(3600)).toBe('60:00');
  });

  it('shows the person of a card, the amount of a transfer and the title of a red packet', () => {
    const card = json({ wxid: 'wxid_a', nickname: '王小明', avatar: '' });
    expect(messagePreview(MSG_TYPE.card, card, null)).toBe('王小明');
    const transfer = json({ money: '88.00', paySubType: 1, memo: '货款', transferId: '1' });
    expect(messagePreview(MSG_TYPE.transfer, transfer, null)).toBe('¥88.00 货款');
    const noMemo = json({ money: '5.20', paySubType: 3, transferId: '1' });
    expect(messagePreview(MSG_TYPE.transfer, noMemo, null)).toBe('¥5.20');
    const packet = json({ title: '恭喜发财，大吉大利', amountCents: null });
    expect(messagePreview(MSG_TYPE.redPacket, packet, null)).toBe('恭喜发财，大吉大利');
  });

  it('shows the place of a location, the title of links, mini-programs, articles and apps', () => {
    const place = json({ latitude: 1, longitude: 2, label: '深圳市南山区', poiName: '海岸城' });
    expect(messagePreview(MSG_TYPE.location, place, null)).toBe('海岸城');
    const link = json({ title: '新品上市', description: 'd', url: 'https://x' });
    expect(messagePreview(MSG_TYPE.link, link, null)).toBe('新品上市');
    expect(messagePreview(MSG_TYPE.article, link, null)).toBe('新品上市');
    const mini = json({ title: '领取礼包', appId: 'wx1', appName: '会员中心', pagePath: 'p' });
    expect(messagePreview(MSG_TYPE.miniProgram, mini, null)).toBe('领取礼包');
    const vote = json({ title: '[投票] 周末去哪儿', appName: '群投票' });
    expect(messagePreview(MSG_TYPE.app, vote, null)).toBe('[投票] 周末去哪儿');
    const channel = json({ title: '开箱', authorName: '数码君' });
    expect(messagePreview(MSG_TYPE.channelVideo, channel, null)).toBe('开箱');
    const forward = json({ title: '小王的聊天记录', items: [] });
    expect(messagePreview(MSG_TYPE.forward, forward, null)).toBe('小王的聊天记录');
  });

  it('shows a quote by its own text, a login notice by reason, place and IP', () => {
    const quote = json({ content: '好的', refMsgId: '1', refContent: 'x', displayName: 'y' });
    expect(messagePreview(MSG_TYPE.quote, quote, null)).toBe('好的');
    expect(messagePreview(MSG_TYPE.quote, '好的', null)).toBe('好的');
    expect(quoteText(quote)).toBe('好的');
    const notice = json({
      ip: '1.2.3.4',
      createdAt: 1,
      address: '广东 深圳',
      reason: '新设备登录',
    });
    expect(messagePreview(MSG_TYPE.loginNotice, notice, null)).toBe('新设备登录 广东 深圳 1.2.3.4');
  });

  it('keeps text, system notices and file names; unknown types show nothing', () => {
    expect(messagePreview(MSG_TYPE.text, '{"a":1}', null)).toBe('{"a":1}');
    expect(messagePreview(MSG_TYPE.system, '你撤回了一条消息', null)).toBe('你撤回了一条消息');
    expect(messagePreview(MSG_TYPE.document, '', '合同.pdf')).toBe('合同.pdf');
    expect(messagePreview(MSG_TYPE.image, '', null)).toBe('');
    expect(messagePreview(77, json({ title: 'x' }), null)).toBe('');
    expect(messagePreview(MSG_TYPE.text, 'x'.repeat(200), null)).toHaveLength(121);
  });

  it("shows no storage names after a picture's, sticker's, video's or voice's label", () => {
    const stored = '1795883691145-88b433e5-7a1c-4d2e-9f00-1234567890ab.png';
    for (const type of [MSG_TYPE.image, MSG_TYPE.emoticon, MSG_TYPE.video, MSG_TYPE.voice]) {
      expect(messagePreview(type, stored, stored)).toBe('');
    }
    expect(messagePreview(MSG_TYPE.document, stored, '报价单.xlsx')).toBe('报价单.xlsx');
  });
});
