import type { Gender } from '@cst/shared';
import { createRng, hashString, type Rng } from './prng.ts';
import {
  GIVEN_CHARS,
  GROUP_NAMES,
  MOMENT_TEXTS,
  NICKNAME_JOBS,
  NICKNAME_PREFIXES,
  NICKNAME_STYLES,
  REGIONS,
  SIGNATURES,
  SURNAMES,
  COMMENT_TEXTS,
} from './vocabulary.ts';

// The deterministic world of one account: a pure function of (seed, account wxid, now).

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const DAY = 86_400_000;

/** A person of the simulated platform. */
export interface SimPerson {
  wxid: string;
  nickname: string;
  alias: string;
  avatar: string;
  sex: Gender;
  province: string;
  city: string;
  signature: string;
}

/** A friend of the account, with how and when they were added. */
export interface PlannedContact extends SimPerson {
  remark: string;
  star: boolean;
  source: string;
  addedAt: number;
}

/** A group of the account with its members (the account included). */
export interface PlannedGroup {
  groupId: string;
  name: string;
  avatar: string;
  ownerWxid: string;
  notice: string;
  createdAt: number;
  members: { wxid: string; card: string; joinedAt: number }[];
}

/** A moment of a friend. */
export interface PlannedMoment {
  momentId: string;
  authorWxid: string;
  text: string;
  likes: { wxid: string; name: string; at: number }[];
  comments: { commentId: string; wxid: string; name: string; text: string; at: number }[];
  createdAt: number;
}

/** Everything an account starts with. */
export interface WorldPlan {
  contacts: PlannedContact[];
  strangers: SimPerson[];
  groups: PlannedGroup[];
  moments: PlannedMoment[];
}

const AVATAR_COLORS = [
  '#F56A00',
  '#7265E6',
  '#FFBF00',
  '#00A2AE',
  '#1677FF',
  '#52C41A',
  '#EB2F96',
  '#FA541C',
  '#13C2C2',
  '#722ED1',
];

/** A deterministic SVG avatar (a data URL) showing one character on a colour picked by the key. */
export function makeAvatar(
  key: string,
  label: string,
  shape: 'square' | 'group' = 'square',
): string {
  const h = hashString(key);
  const bg = AVATAR_COLORS[h % AVATAR_COLORS.length]!;
  const ch = [...label.replace(/[A-Za-z.\-\s]+|✨|🌸/gu, '')].slice(-1)[0] ?? [...label][0] ?? '?';
  const glyph = ch.replace(/[<>&"']/g, '?');
  const body =
    shape === 'group'
      ? `<rect width="64" height="64" rx="8" fill="${bg}"/><circle cx="22" cy="24" r="9" fill="#fff" opacity=".85"/><circle cx="42" cy="24" r="9" fill="#fff" opacity=".85"/><rect x="10" y="38" width="44" height="16" rx="8" fill="#fff" opacity=".85"/>`
      : `<rect width="64" height="64" rx="8" fill="${bg}"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${glyph}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A Chinese personal name of two or three characters. */
export function chineseName(rng: Rng): string {
  const n = rng.chance(0.6) ? 2 : 1;
  let given = '';
  for (let i = 0; i < n; i++) given += rng.pick(GIVEN_CHARS);
  return rng.pick(SURNAMES) + given;
}

function nickname(rng: Rng, realName: string): string {
  const r = rng.next();
  if (r < 0.5) return realName;
  if (r < 0.75) return rng.pick(NICKNAME_STYLES);
  if (r < 0.88) return `${rng.pick(NICKNAME_PREFIXES)}${realName}`;
  return `${realName}-${rng.pick(NICKNAME_JOBS)}`;
}

/** A new person, drawn from the generator. */
export function makePerson(rng: Rng): SimPerson {
  const wxid = `wxid_${rng.chars(14, LOWER_ALNUM)}`;
  const realName = chineseName(rng);
  const nick = nickname(rng, realName);
  const [province, cities] = rng.pick(REGIONS);
  const r = rng.next();
  const sex: Gender = r < 0.47 ? 'male' : r < 0.94 ? 'female' : 'unknown';
  const alias = rng.chance(0.4)
    ? `${rng.chars(1, 'abcdefghijklmnopqrstuvwxyz')}${rng.chars(rng.int(5, 9), LOWER_ALNUM)}`
    : '';
  return {
    wxid,
    nickname: nick,
    alias,
    avatar: makeAvatar(wxid, nick),
    sex,
    province,
    city: rng.pick(cities),
    signature: rng.pick(SIGNATURES),
  };
}

/** The person a phone number finds: the same number always finds the same person. */
export function personForPhone(seed: string, phone: string): SimPerson {
  const p = makePerson(createRng(seed, 'phone', phone));
  return { ...p, alias: phone };
}

/** The person behind an unknown wxid that writes to an account. */
export function personForWxid(seed: string, wxid: string): SimPerson {
  const p = makePerson(createRng(seed, 'person', wxid));
  return { ...p, wxid, avatar: makeAvatar(wxid, p.nickname) };
}

/** The profile of the n-th account the simulator creates (or of a key such as a chosen wxid). */
export function planAccount(seed: string, key: number | string, nick?: string): SimPerson {
  const rng = createRng(seed, 'account', key);
  const p = makePerson(rng);
  const wxid = `wxid_sim${rng.chars(10, LOWER_ALNUM)}`;
  const nickname = nick || p.nickname;
  return { ...p, wxid, nickname, avatar: makeAvatar(wxid, nickname) };
}

/** A group id of the platform. */
export function makeGroupId(rng: Rng): string {
  return `${rng.int(1, 9)}${rng.chars(10, '0123456789')}@chatroom`;
}

/** The starting world of an account: 50–300 friends, 5–20 groups, some moments. */
export function planWorld(seed: string, accountWxid: string, now: number): WorldPlan {
  const rng = createRng(seed, 'world', accountWxid);
  const contactCount = rng.int(50, 300);
  const contacts: PlannedContact[] = [];
  const seen = new Set<string>([accountWxid]);
  const fresh = (): SimPerson => {
    let p = makePerson(rng);
    while (seen.has(p.wxid)) p = makePerson(rng);
    seen.add(p.wxid);
    return p;
  };
  for (let i = 0; i < contactCount; i++) {
    const p = fresh();
    contacts.push({
      ...p,
      remark: rng.chance(0.25)
        ? `${rng.pick(['客户', 'VIP', '老客', '供应商'])}-${p.nickname}`
        : '',
      star: rng.chance(0.05),
      source: rng.pick(['search', 'card', 'group', 'qr', 'phone']),
      addedAt: now - rng.int(1, 900) * DAY - rng.int(0, DAY),
    });
  }
  const strangers: SimPerson[] = [];
  const groups: PlannedGroup[] = [];
  const groupCount = rng.int(5, 20);
  for (let g = 0; g < groupCount; g++) {
    const groupId = makeGroupId(rng);
    const city = rng.pick(rng.pick(REGIONS)[1]);
    const name = rng
      .pick(GROUP_NAMES)
      .replace('{city}', city)
      .replace('{n}', String(rng.int(1, 12)));
    const createdAt = now - rng.int(5, 700) * DAY;
    const size = rng.int(3, 40);
    const friendShare = rng.int(3, 8) / 10;
    const memberIds: string[] = [];
    for (const c of rng.sample(contacts, Math.round(size * friendShare))) memberIds.push(c.wxid);
    while (memberIds.length < size) {
      const s = fresh();
      strangers.push(s);
      memberIds.push(s.wxid);
    }
    // About 3 in 10 groups are the account's own; the first always is and the second never, so
    // every account has a group to manage and one it is only a member of.
    const owns = rng.chance(0.3);
    const ownerWxid = g === 0 || (g > 1 && owns) ? accountWxid : memberIds[0]!;
    const members = [accountWxid, ...memberIds].map((wxid) => ({
      wxid,
      card: wxid !== accountWxid && rng.chance(0.15) ? chineseName(rng) : '',
      joinedAt: createdAt + rng.int(0, 30) * DAY,
    }));
    groups.push({
      groupId,
      name,
      avatar: makeAvatar(groupId, name, 'group'),
      ownerWxid,
      notice: rng.chance(0.4) ? `欢迎加入${name}，请文明交流，禁止发广告。` : '',
      createdAt,
      members,
    });
  }
  const moments: PlannedMoment[] = [];
  for (let m = 0; m < 8; m++) {
    const author = rng.pick(contacts);
    const createdAt = now - rng.int(1, 14 * 24) * 3_600_000;
    const likers = rng.sample(contacts, rng.int(0, 5));
    moments.push({
      momentId: `${rng.int(1, 9)}${rng.chars(18, '0123456789')}`,
      authorWxid: author.wxid,
      text: rng.pick(MOMENT_TEXTS),
      likes: likers.map((l) => ({ wxid: l.wxid, name: l.nickname, at: createdAt + 60_000 })),
      comments: rng.sample(contacts, rng.int(0, 2)).map((c, i) => ({
        commentId: `c${m}_${i}`,
        wxid: c.wxid,
        name: c.nickname,
        text: rng.pick(COMMENT_TEXTS),
        at: createdAt + 120_000,
      })),
      createdAt,
    });
  }
  return { contacts, strangers, groups, moments };
}
