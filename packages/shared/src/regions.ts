/**
 * SPEC §9: "Server-address-to-region-code table is hard-coded (examples gz1, bj1, sh1, cd)". The
 * region code of the platform server a work account signed in through, shown beside login
 * notices. The table is the only source: an address it does not know has no code.
 */
export interface ServerRegion {
  /** The short code shown, e.g. `gz1`. */
  code: string;
  zh: string;
  en: string;
  /** Platform hosts served from the region (lowercase, exact). */
  hosts: readonly string[];
}

export const SERVER_REGIONS: readonly ServerRegion[] = [
  { code: 'gz1', zh: '广州一区', en: 'Guangzhou 1', hosts: [] },
  { code: 'bj1', zh: '北京一区', en: 'Beijing 1', hosts: [] },
  {
    code: 'sh1',
    zh: '上海一区',
    en: 'Shanghai 1',
    hosts: ['shshort.weixin.qq.com', 'shlong.weixin.qq.com', 'shextshort.weixin.qq.com'],
  },
  {
    code: 'sz1',
    zh: '深圳一区',
    en: 'Shenzhen 1',
    hosts: ['szshort.weixin.qq.com', 'szlong.weixin.qq.com', 'szextshort.weixin.qq.com'],
  },
  { code: 'cd', zh: '成都', en: 'Chengdu', hosts: [] },
  {
    code: 'hk1',
    zh: '香港一区',
    en: 'Hong Kong 1',
    hosts: ['hkshort.weixin.qq.com', 'hklong.weixin.qq.com', 'hkextshort.weixin.qq.com'],
  },
  {
    code: 'sg1',
    zh: '新加坡一区',
    en: 'Singapore 1',
    hosts: ['sgshort.wechat.com', 'sglong.wechat.com', 'sgminorshort.wechat.com'],
  },
];

const BY_CODE = new Map(SERVER_REGIONS.map((r) => [r.code, r]));
const BY_HOST = new Map(SERVER_REGIONS.flatMap((r) => r.hosts.map((h) => [h, r] as const)));

/** The host of an address: `https://gz1.x.net:443/p`, `gz1.x.net:80` and `GZ1.X.NET.` → `gz1.x.net`. */
function hostOf(address: string): string {
  let s = address.trim().toLowerCase();
  const scheme = s.indexOf('://');
  if (scheme >= 0) s = s.slice(scheme + 3);
  s = s.split(/[/?#]/)[0] ?? '';
  s = s.slice(s.lastIndexOf('@') + 1);
  if (s.startsWith('[')) return s.slice(1, s.indexOf(']') >>> 0);
  if ((s.match(/:/g) ?? []).length === 1) s = s.slice(0, s.indexOf(':'));
  return s.replace(/\.$/, '');
}

/**
 * The region of a server address: a host listed in the table, or a host whose first label is a
 * region's code (`gz1.im.example.net` → gz1; how a deployment names regional servers). Null when
 * the address is empty or unknown.
 */
export function serverRegionOf(address: string | null | undefined): ServerRegion | null {
  if (!address) return null;
  const host = hostOf(address);
  if (!host) return null;
  return BY_HOST.get(host) ?? BY_CODE.get(host.split('.')[0] ?? '') ?? null;
}

/** The region code of a server address, or null. */
export function regionCodeOf(address: string | null | undefined): string | null {
  return serverRegionOf(address)?.code ?? null;
}
