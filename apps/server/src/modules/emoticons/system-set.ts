import type { Text } from '@cst/shared';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadSharp = lazyImport(async () => (await import('sharp')).default);

/** The address prefix of the system stickers. */
export const SYSTEM_EMOTICON_PATH = '/api/v1/emoticon/system';
/** Ids of system stickers start with this. */
export const SYSTEM_ID_PREFIX = 'sys:';

const YELLOW = '#ffcc4d';
const INK = '#664500';

function face(inner: string, fill = YELLOW): string {
  return `<circle cx="50" cy="50" r="44" fill="${fill}" stroke="#e6a700" stroke-width="2"/>${inner}`;
}
const eyes = `<circle cx="35" cy="40" r="6" fill="${INK}"/><circle cx="65" cy="40" r="6" fill="${INK}"/>`;
const smileMouth = `<path d="M30 60 Q50 80 70 60" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`;

/** The drawings of the system set (shapes only: no fonts are needed to render them). */
const DRAWINGS: { code: string; name: Text; svg: string }[] = [
  { code: 'smile', name: { 'zh-CN': '微笑', en: 'Smile' }, svg: face(eyes + smileMouth) },
  {
    code: 'grin',
    name: { 'zh-CN': '大笑', en: 'Grin' },
    svg: face(`${eyes}<path d="M27 56 H73 Q50 90 27 56 Z" fill="${INK}"/>`),
  },
  {
    code: 'wink',
    name: { 'zh-CN': '眨眼', en: 'Wink' },
    svg: face(
      `<circle cx="35" cy="40" r="6" fill="${INK}"/><path d="M58 40 H72" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>${smileMouth}`,
    ),
  },
  {
    code: 'sad',
    name: { 'zh-CN': '难过', en: 'Sad' },
    svg: face(
      `${eyes}<path d="M32 72 Q50 56 68 72" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    ),
  },
  {
    code: 'cry',
    name: { 'zh-CN': '流泪', en: 'Cry' },
    svg: face(
      `${eyes}<path d="M32 72 Q50 56 68 72" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M30 48 Q26 60 30 64 Q34 60 30 48 Z" fill="#5dadec"/><path d="M70 48 Q66 60 70 64 Q74 60 70 48 Z" fill="#5dadec"/>`,
    ),
  },
  {
    code: 'angry',
    name: { 'zh-CN': '生气', en: 'Angry' },
    svg: face(
      `<path d="M24 30 L44 38 M76 30 L56 38" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>${eyes}<path d="M34 70 H66" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
      '#ff7043',
    ),
  },
  {
    code: 'surprised',
    name: { 'zh-CN': '惊讶', en: 'Surprised' },
    svg: face(`${eyes}<circle cx="50" cy="68" r="9" fill="${INK}"/>`),
  },
  {
    code: 'cool',
    name: { 'zh-CN': '酷', en: 'Cool' },
    svg: face(
      `<rect x="22" y="32" width="24" height="14" rx="5" fill="#222"/><rect x="54" y="32" width="24" height="14" rx="5" fill="#222"/><path d="M46 38 H54" stroke="#222" stroke-width="4"/>${smileMouth}`,
    ),
  },
  {
    code: 'sleepy',
    name: { 'zh-CN': '困', en: 'Sleepy' },
    svg: face(
      `<path d="M28 42 Q35 48 42 42 M58 42 Q65 48 72 42" stroke="${INK}" stroke-width="4" fill="none"/><ellipse cx="50" cy="68" rx="8" ry="5" fill="${INK}"/>`,
    ),
  },
  {
    code: 'love',
    name: { 'zh-CN': '喜欢', en: 'Love' },
    svg: face(
      `<path d="M35 48 L27 40 A5 5 0 0 1 35 33 A5 5 0 0 1 43 40 Z" fill="#e53935"/><path d="M65 48 L57 40 A5 5 0 0 1 65 33 A5 5 0 0 1 73 40 Z" fill="#e53935"/>${smileMouth}`,
    ),
  },
  {
    code: 'heart',
    name: { 'zh-CN': '爱心', en: 'Heart' },
    svg: `<path d="M50 86 L14 50 A20 20 0 0 1 50 22 A20 20 0 0 1 86 50 Z" fill="#e53935"/>`,
  },
  {
    code: 'star',
    name: { 'zh-CN': '星星', en: 'Star' },
    svg: `<polygon points="50,8 61,38 94,38 67,57 77,90 50,70 23,90 33,57 6,38 39,38" fill="#ffca28" stroke="#f9a825" stroke-width="2"/>`,
  },
  {
    code: 'ok',
    name: { 'zh-CN': '好的', en: 'OK' },
    svg: `<circle cx="50" cy="50" r="44" fill="#43a047"/><path d="M28 52 L44 68 L74 34" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  {
    code: 'no',
    name: { 'zh-CN': '不行', en: 'No' },
    svg: `<circle cx="50" cy="50" r="44" fill="#e53935"/><path d="M32 32 L68 68 M68 32 L32 68" stroke="#fff" stroke-width="9" stroke-linecap="round"/>`,
  },
  {
    code: 'sun',
    name: { 'zh-CN': '太阳', en: 'Sun' },
    svg: `<g stroke="#fb8c00" stroke-width="6" stroke-linecap="round"><path d="M50 6 V18 M50 82 V94 M6 50 H18 M82 50 H94 M19 19 L27 27 M73 73 L81 81 M81 19 L73 27 M27 73 L19 81"/></g><circle cx="50" cy="50" r="24" fill="#ffb300"/>`,
  },
  {
    code: 'flower',
    name: { 'zh-CN': '鲜花', en: 'Flower' },
    svg: `<g fill="#f06292"><circle cx="50" cy="28" r="16"/><circle cx="72" cy="46" r="16"/><circle cx="63" cy="72" r="16"/><circle cx="37" cy="72" r="16"/><circle cx="28" cy="46" r="16"/></g><circle cx="50" cy="52" r="12" fill="#ffd54f"/>`,
  },
];

/** A system sticker. */
export interface SystemEmoticon {
  id: string;
  code: string;
  name: Text;
  url: string;
}

/** The system set in display order. */
export const SYSTEM_EMOTICONS: SystemEmoticon[] = DRAWINGS.map((d) => ({
  id: `${SYSTEM_ID_PREFIX}${d.code}`,
  code: d.code,
  name: d.name,
  url: `${SYSTEM_EMOTICON_PATH}/${d.code}.png`,
}));

let rendered: Promise<Map<string, Buffer>> | null = null;

/** The PNG of every system sticker (100×100), drawn once per process. */
function renderAll(): Promise<Map<string, Buffer>> {
  rendered ??= loadSharp()
    .then((sharp) =>
      Promise.all(
        DRAWINGS.map(async (d) => {
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${d.svg}</svg>`;
          const png = await sharp(Buffer.from(svg)).png().toBuffer();
          return [d.code, png] as const;
        }),
      ),
    )
    .then((pairs) => new Map(pairs));
  return rendered;
}

/** The PNG of a system sticker by code; null when unknown. */
export async function systemEmoticonPng(code: string): Promise<Buffer | null> {
  return (await renderAll()).get(code) ?? null;
}

/** The code of a system sticker address (`/api/v1/emoticon/system/{code}.png`); null when not one. */
export function systemCodeOfUrl(url: string): string | null {
  const m = /^\/api\/v1\/emoticon\/system\/([a-z]+)\.png$/.exec(url.split(/[?#]/)[0]!);
  return m && DRAWINGS.some((d) => d.code === m[1]) ? m[1]! : null;
}
