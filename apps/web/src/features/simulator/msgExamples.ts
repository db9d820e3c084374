import { MSG_TYPE, JSON_MSG_TYPES, type MsgType } from '@cst/shared';

/** Example content of each structured message type, in the shapes of packages/shared chat.ts. */
export const MSG_EXAMPLES: Partial<Record<MsgType, unknown>> = {
  [MSG_TYPE.text]: '你好，请问还有货吗？',
  [MSG_TYPE.voiceCall]: { result: 'ended', durationSec: 42 },
  [MSG_TYPE.videoCall]: { result: 'missed', durationSec: 0 },
  [MSG_TYPE.card]: { wxid: 'wxid_card_demo', nickname: '李小龙', avatar: '', sex: 'male' },
  [MSG_TYPE.link]: {
    title: '新品上市',
    description: '点击查看详情',
    url: 'https://example.com/new',
  },
  [MSG_TYPE.miniProgram]: {
    title: '在线下单',
    appId: 'wx0000000000demo',
    appName: '示例商城',
    pagePath: 'pages/index/index',
  },
  [MSG_TYPE.article]: {
    title: '本周优惠',
    description: '限时折扣',
    url: 'https://example.com/article',
    sourceName: '示例公众号',
  },
  [MSG_TYPE.redPacket]: { title: '恭喜发财，大吉大利', amountCents: null },
  [MSG_TYPE.transfer]: { money: '88.00', paySubType: 1, memo: '货款', transferId: 'tr-demo-1' },
  [MSG_TYPE.location]: {
    latitude: 31.2397,
    longitude: 121.4998,
    label: '上海市浦东新区陆家嘴',
    poiName: '东方明珠',
  },
  // Plain text quotes the conversation's last message; JSON (quoteContent) names the message.
  [MSG_TYPE.quote]: '好的，明天发货',
  [MSG_TYPE.channelVideo]: { title: '开箱视频', authorName: '示例视频号' },
  [MSG_TYPE.forward]: {
    title: '群聊的聊天记录',
    items: [{ name: '张三', content: '明天见', time: 0 }],
  },
  [MSG_TYPE.app]: { title: '应用消息', description: '来自示例应用' },
  // Usually from the platform's security account (fromWxid `weixin`); createdAt in ms.
  [MSG_TYPE.loginNotice]: {
    ip: '183.14.22.9',
    createdAt: Date.UTC(2026, 0, 15, 2, 30),
    address: '广东 深圳',
    reason: '新设备登录',
    agent: 'iPad 微信 8.0.50',
  },
  [MSG_TYPE.system]: '"张三" 撤回了一条消息',
};

/** The example content of a type as the text box holds it ('' for media). */
export function exampleContent(msgType: MsgType): string {
  const v = MSG_EXAMPLES[msgType];
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}

/** Whether a type's content is JSON. */
export function isJsonType(msgType: number): boolean {
  return (JSON_MSG_TYPES as readonly number[]).includes(msgType);
}

/** A problem with the content before sending: bad JSON for a structured type (empty is fine). */
export function contentProblem(msgType: number, content: string): 'badJson' | null {
  if (!content.trim() || !isJsonType(msgType) || msgType === MSG_TYPE.quote) return null;
  try {
    JSON.parse(content);
    return null;
  } catch {
    return 'badJson';
  }
}
