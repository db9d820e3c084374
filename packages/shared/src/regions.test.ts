import { describe, expect, it } from 'vitest';
import { regionCodeOf, serverRegionOf, SERVER_REGIONS } from './regions.ts';

describe('server address → region code (SPEC §9)', () => {
  it('has the spec’s example codes', () => {
    const codes = SERVER_REGIONS.map((r) => r.code);
    for (const c of ['gz1', 'bj1', 'sh1', 'cd']) expect(codes).toContain(c);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('maps listed platform hosts, whatever the scheme, port, case or trailing dot', () => {
    expect(regionCodeOf('szshort.weixin.qq.com')).toBe('sz1');
    expect(regionCodeOf('https://SHLONG.weixin.qq.com:443/mmtls')).toBe('sh1');
    expect(regionCodeOf('hkextshort.weixin.qq.com.')).toBe('hk1');
    expect(regionCodeOf('sgshort.wechat.com:8080')).toBe('sg1');
  });

  it('maps a host whose first label is a code', () => {
    expect(regionCodeOf('gz1.im.example.net')).toBe('gz1');
    expect(regionCodeOf('bj1.example.net:9000')).toBe('bj1');
    expect(regionCodeOf('cd.example.net')).toBe('cd');
    expect(serverRegionOf('cd.example.net')?.zh).toBe('成都');
  });

  it('has no code for unknown, empty or look-alike addresses', () => {
    for (const a of [
      '',
      null,
      undefined,
      'example.net',
      'gz10.example.net',
      'x.gz1.net',
      '10.0.0.1',
      '[::1]:80',
      'gz1x.net',
    ]) {
      expect(regionCodeOf(a)).toBeNull();
    }
  });
});
