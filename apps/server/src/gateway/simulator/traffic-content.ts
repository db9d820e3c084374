import {
  MSG_TYPE,
  type AppContent,
  type CallContent,
  type CardContent,
  type ChannelVideoContent,
  type ForwardContent,
  type LinkContent,
  type LoginNoticeContent,
  type LocationContent,
  type MiniProgramContent,
  type MsgType,
  type RedPacketContent,
  type TransferContent,
} from '@cst/shared';
import type { SimMediaKind } from './file-store.ts';
import type { Rng } from './prng.ts';
import {
  ARTICLE_SOURCES,
  CHANNEL_TITLES,
  FILE_NAMES,
  GROUP_SYSTEM_NOTICES,
  GROUP_TEXTS,
  LINKS,
  MINI_PROGRAMS,
  POIS,
  SYSTEM_NOTICES,
  TEXTS,
  VOICE_TRANSCRIPTS,
  VOTE_TITLES,
} from './vocabulary.ts';
import type { SimPerson } from './world.ts';

/** What the content generator needs to know about the conversation. */
export interface ContentContext {
  rng: Rng;
  inGroup: boolean;
  /** City of the writer (for locations). */
  city: string;
  /** The writer's name (for system notices). */
  writerName: string;
  /** Someone to share as a contact card. */
  cardPerson: SimPerson;
  now: number;
}

/** Generated content of one message; media kinds name the file to make. */
export interface GeneratedContent {
  content: string;
  media?: SimMediaKind;
  fileName?: string;
  transcript?: string;
}

/** Which media kind a media message type needs. */
export function mediaKindOf(msgType: number): SimMediaKind | null {
  switch (msgType) {
    case MSG_TYPE.image:
      return 'image';
    case MSG_TYPE.emoticon:
      return 'emoticon';
    case MSG_TYPE.video:
      return 'video';
    case MSG_TYPE.voice:
      return 'voice';
    case MSG_TYPE.document:
      return 'document';
    default:
      return null;
  }
}

const json = (v: unknown) => JSON.stringify(v);

/** Content of a message of the given type (quotes are built by the caller from a real message). */
export function makeContent(msgType: MsgType, ctx: ContentContext): GeneratedContent {
  const { rng } = ctx;
  switch (msgType) {
    case MSG_TYPE.text:
      return { content: rng.pick(ctx.inGroup ? GROUP_TEXTS : TEXTS) };
    case MSG_TYPE.image:
    case MSG_TYPE.emoticon:
    case MSG_TYPE.video:
      return { content: '', media: mediaKindOf(msgType)! };
    case MSG_TYPE.voice:
      return { content: '', media: 'voice', transcript: rng.pick(VOICE_TRANSCRIPTS) };
    case MSG_TYPE.document: {
      const fileName = rng.pick(FILE_NAMES);
      return { content: fileName, media: 'document', fileName };
    }
    case MSG_TYPE.voiceCall:
    case MSG_TYPE.videoCall: {
      const result = rng.pick(['missed', 'rejected', 'cancelled', 'ended'] as const);
      const c: CallContent = { result, durationSec: result === 'ended' ? rng.int(5, 600) : 0 };
      return { content: json(c) };
    }
    case MSG_TYPE.card: {
      const p = ctx.cardPerson;
      const c: CardContent = {
        wxid: p.wxid,
        nickname: p.nickname,
        avatar: p.avatar,
        alias: p.alias,
        province: p.province,
        city: p.city,
        sex: p.sex,
      };
      return { content: json(c) };
    }
    case MSG_TYPE.link: {
      const l = rng.pick(LINKS);
      const c: LinkContent = { ...l, url: `${l.url}?s=${rng.int(1000, 9999)}` };
      return { content: json(c) };
    }
    case MSG_TYPE.article: {
      const l = rng.pick(LINKS);
      const c: LinkContent = {
        ...l,
        url: `${l.url}?mp=${rng.int(1000, 9999)}`,
        sourceName: rng.pick(ARTICLE_SOURCES),
      };
      return { content: json(c) };
    }
    case MSG_TYPE.miniProgram: {
      const m = rng.pick(MINI_PROGRAMS);
      const c: MiniProgramContent = {
        title: m.title,
        appName: m.appName,
        appId: `wx${rng.chars(16, '0123456789abcdef')}`,
        pagePath: `${m.pagePath}${rng.int(100, 999)}`,
      };
      return { content: json(c) };
    }
    case MSG_TYPE.redPacket: {
      const c: RedPacketContent = {
        title: rng.pick(['恭喜发财，大吉大利', '一点心意', '节日快乐', '辛苦了']),
        amountCents: null,
      };
      return { content: json(c) };
    }
    case MSG_TYPE.transfer: {
      const c: TransferContent = {
        money: (rng.int(100, 99_900) / 100).toFixed(2),
        paySubType: rng.pick([1, 2, 3, 4] as const),
        memo: rng.pick(['', '货款', '定金', '尾款']),
        transferId: `1000${rng.chars(24, '0123456789')}`,
      };
      return { content: json(c) };
    }
    case MSG_TYPE.location: {
      const p = rng.pick(POIS);
      const c: LocationContent = {
        latitude: Number((22 + rng.next() * 18).toFixed(6)),
        longitude: Number((102 + rng.next() * 20).toFixed(6)),
        label: p.label.replace('{city}', ctx.city),
        poiName: p.poiName,
      };
      return { content: json(c) };
    }
    case MSG_TYPE.channelVideo: {
      const c: ChannelVideoContent = {
        title: rng.pick(CHANNEL_TITLES),
        authorName: rng.pick(ARTICLE_SOURCES),
      };
      return { content: json(c) };
    }
    case MSG_TYPE.forward: {
      const c: ForwardContent = {
        title: `${ctx.writerName}的聊天记录`,
        items: [0, 1, 2].map((i) => ({
          name: i % 2 === 0 ? ctx.writerName : ctx.cardPerson.nickname,
          content: rng.pick(TEXTS),
          time: ctx.now - (3 - i) * 60_000,
        })),
      };
      return { content: json(c) };
    }
    case MSG_TYPE.app: {
      if (rng.chance(0.7)) {
        const [title, options] = rng.pick(VOTE_TITLES);
        const counts = options.map(() => rng.int(0, 6));
        const c: AppContent = {
          title: `[投票] ${title}`,
          appName: '群投票',
          vote: {
            record_id: `vote_${rng.chars(12, '0123456789')}`,
            detail: {
              title,
              answer_mode: rng.chance(0.5) ? 0 : 1,
              answer_num: rng.int(5, 30),
              answered_num: counts.reduce((a, b) => a + b, 0),
              answer_option: options.map((value, i) => ({ key: String(i + 1), value })),
            },
            statistics: {
              count: counts.reduce((a, b) => a + b, 0),
              options: options.map((_, i) => ({ key: String(i + 1), count: counts[i]! })),
            },
            vote_users: [],
          },
        };
        return { content: json(c) };
      }
      const c: AppContent = {
        title: rng.pick(['邀请你加入共享日程', '收到一份电子发票', '你有一张优惠券待领取']),
        description: '请在手机上查看',
        appName: rng.pick(['日程', '发票助手', '卡包']),
      };
      return { content: json(c) };
    }
    case MSG_TYPE.system: {
      const template = rng.pick(ctx.inGroup ? GROUP_SYSTEM_NOTICES : SYSTEM_NOTICES);
      return {
        content: template
          .replace('{name}', ctx.writerName)
          .replace('{other}', ctx.cardPerson.nickname),
      };
    }
    case MSG_TYPE.quote:
      return { content: rng.pick(TEXTS) };
    case MSG_TYPE.loginNotice:
      return { content: json(makeLoginNotice(rng, ctx.now)) };
  }
}

// ---- login notices (type 23) -----------------------------------------------------------------

const REASONS = ['新设备登录', '异地登录提醒', '扫码登录确认'];
const AGENTS = [
  'iPad 微信 8.0.50',
  'Windows 微信 3.9.12',
  'Mac 微信 4.0.1',
  'Android 平板 微信 8.0.49',
  '网页版微信 (Chrome 131)',
];
const PLACES = [
  '广东 深圳',
  '广东 广州',
  '上海',
  '北京',
  '浙江 杭州',
  '四川 成都',
  '江苏 南京',
  '湖北 武汉',
  '福建 厦门',
];
/** First octets of public address blocks of Chinese carriers. */
const FIRST_OCTETS = [36, 58, 61, 101, 113, 116, 120, 183, 223];

/** The simulated platform's servers, named by region (SPEC §9's codes; `regionCodeOf`). */
const SERVERS = ['gz1.im.sim', 'bj1.im.sim', 'sh1.im.sim', 'cd.im.sim', 'szshort.weixin.qq.com'];

/** What a caller may fix of a notice (the rest is drawn from the rng). */
export interface LoginNoticeFacts {
  ip?: string;
  reason?: string;
  agent?: string;
  server?: string;
}

/** A login notice's content. */
export function makeLoginNotice(
  rng: Rng,
  now: number,
  facts: LoginNoticeFacts = {},
): LoginNoticeContent {
  const ip =
    facts.ip ??
    `${rng.pick(FIRST_OCTETS)}.${rng.int(1, 254)}.${rng.int(0, 254)}.${rng.int(1, 254)}`;
  return {
    ip,
    createdAt: now,
    address: rng.pick(PLACES),
    reason: facts.reason ?? rng.pick(REASONS),
    agent: facts.agent ?? rng.pick(AGENTS),
    server: facts.server ?? rng.pick(SERVERS),
  };
}
