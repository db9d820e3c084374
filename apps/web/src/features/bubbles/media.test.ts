import { describe, expect, it } from 'vitest';
import { cardContent, type MessageItem } from '@cst/shared';
import { nextChoice } from './VoteBubble.tsx';
import {
  avatarSrc,
  downloadHref,
  formatBytes,
  parseContent,
  previewSrc,
  thumbSrc,
  hostOf,
  httpUrl,
  imageSrc,
  localFileSrc,
  proxiedSrc,
  safeHref,
} from './media.ts';

/** Addresses that look local or harmless but load from another site, or run. */
const HOSTILE = [
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  '\\\\evil.example\\x.png',
  '/\t/evil.example/x.png',
  '/\n/evil.example/x.png',
  ' //evil.example/x.png',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  'ftp://evil.example/x',
  'http:/evil.example/x',
  'https://user:pw@evil.example/x',
  '',
];

/** The same-origin address an attribute value resolves to from a console page. */
const resolved = (href: string) => new URL(href, 'https://console.example/app/');

describe('safeHref (links a user may open)', () => {
  it('opens only absolute http(s) addresses', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    for (const bad of [...HOSTILE, '/main-api/x', 'relative/path']) {
      expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(safeHref(null)).toBeNull();
  });
});

describe('localFileSrc (the console’s own files, reached with the file cookie)', () => {
  it('keeps the file routes as they are, never with a token', () => {
    for (const ok of [
      '/oss-api/t/1/u/2/a.png',
      '/oss-api/t/1/u/2/a.png.thumb.jpg',
      '/api/v1/download/user-chat-file?cr_id=12&thumb=1',
      '/api/v1/emoticon/system/smile.png',
      '/main-api/moments/media?workWxid=w&fileId=f',
      '/api/v1/image-proxy?url=https%3A%2F%2Fa.example%2Fb.png',
    ]) {
      expect(localFileSrc(ok)).toBe(ok);
      expect(localFileSrc(ok)).not.toContain('token');
      expect(resolved(ok).origin).toBe('https://console.example');
    }
  });

  it('refuses anything that could lead off-site or out of the file routes', () => {
    for (const bad of [
      ...HOSTILE,
      '/oss-api//evil.example/x',
      '/oss-api/\\evil.example',
      '/oss-api/../system-api/auth/me',
      '/oss-api/%2e%2e/system-api',
      '/oss-api/a b.png',
      '/main-api/conv/messages',
      'https://console.example/oss-api/a.png',
    ]) {
      expect(localFileSrc(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('imageSrc and avatarSrc (pictures)', () => {
  it('sends outside pictures through the image proxy, never straight to the host', () => {
    const src = imageSrc('https://cdn.example.com/a.png?x=1&y=2')!;
    expect(src).toBe(
      `/api/v1/image-proxy?url=${encodeURIComponent('https://cdn.example.com/a.png?x=1&y=2')}`,
    );
    expect(resolved(src).origin).toBe('https://console.example');
    expect(proxiedSrc('http://127.0.0.1:9/a.png')).toMatch(/^\/api\/v1\/image-proxy\?url=/);
    expect(imageSrc('/oss-api/t/1/a.png')).toBe('/oss-api/t/1/a.png');
  });

  it('renders every other address as nothing', () => {
    for (const bad of HOSTILE) {
      expect(imageSrc(bad), JSON.stringify(bad)).toBeNull();
      expect(avatarSrc(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('shows inline raster and SVG avatars (no request at all), not other data', () => {
    const svg = 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E';
    expect(avatarSrc(svg)).toBe(svg);
    expect(avatarSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(avatarSrc('data:text/html,x')).toBeUndefined();
    expect(imageSrc(svg)).toBeNull();
  });

  it('names the host of an outside address for a placeholder', () => {
    expect(hostOf('https://img.example.com:8443/a.png')).toBe('img.example.com');
    expect(hostOf('//img.example.com/a.png')).toBeNull();
    expect(httpUrl('HTTPS://A.EXAMPLE')).toBe('https://a.example/');
  });
});

describe('downloadHref', () => {
  it('asks for a save dialog on the console’s files only, with no token', () => {
    expect(downloadHref('/api/v1/download/user-chat-file?cr_id=1')).toBe(
      '/api/v1/download/user-chat-file?cr_id=1&download=1',
    );
    expect(downloadHref('/oss-api/t/1/a.pdf')).toBe('/oss-api/t/1/a.pdf?download=1');
    expect(downloadHref('//evil.example/a.pdf')).toBeNull();
    expect(downloadHref('https://evil.example/a.pdf')).toBeNull();
  });
});

const now = 1_800_000_000_000;
const msg = (over: Partial<MessageItem>): MessageItem =>
  ({
    msgTime: now - 60_000,
    sendSide: 2,
    fileUrl: '/api/v1/download/user-chat-file?cr_id=1',
    fileCdnUrl: '/api/v1/download/user-chat-file?cr_id=1&source=cdn',
    jpegThumbnail: '/api/v1/download/user-chat-file?cr_id=1&thumb=1',
    ...over,
  }) as MessageItem;

describe('bubble media helpers', () => {
  it('gives avatars in the console storage as they are (the file cookie goes with them)', () => {
    expect(avatarSrc('/oss-api/t/1/avatars/a.jpg')).toBe('/oss-api/t/1/avatars/a.jpg');
    expect(avatarSrc('https://cdn.example/a.jpg')).toBe(
      `/api/v1/image-proxy?url=${encodeURIComponent('https://cdn.example/a.jpg')}`,
    );
    expect(avatarSrc('')).toBeUndefined();
    expect(avatarSrc(null)).toBeUndefined();
  });

  it('previews received pictures under 7 days from the CDN address, older ones from the thumbnail', () => {
    expect(previewSrc(msg({}), now)).toContain('source=cdn');
    const old = msg({ msgTime: now - 8 * 86400_000 });
    expect(previewSrc(old, now)).toContain('thumb=1');
    expect(previewSrc(msg({ sendSide: 1, fileUrl: '/oss-api/t/1/a.png' }), now)).toBe(
      '/oss-api/t/1/a.png',
    );
    for (const m of [msg({}), old]) expect(previewSrc(m, now)).not.toContain('token');
  });

  it('uses the thumbnail for the 100×100 picture, and nothing for an address off the file routes', () => {
    expect(thumbSrc(msg({}), now)).toBe('/api/v1/download/user-chat-file?cr_id=1&thumb=1');
    expect(
      thumbSrc(
        msg({
          jpegThumbnail: '//evil.example/t.jpg',
          fileUrl: '//evil.example/a.jpg',
          fileCdnUrl: null,
        }),
        now,
      ),
    ).toBeNull();
  });

  it('reads JSON content or gives null', () => {
    expect(parseContent('not json', cardContent)).toBeNull();
    expect(parseContent('{"wxid":"a","nickname":"n","avatar":""}', cardContent)?.nickname).toBe(
      'n',
    );
    expect(formatBytes(2048)).toBe('2.0 KB');
  });

  it('keeps one pick in single mode and several in multiple mode', () => {
    expect(nextChoice(['1'], '2', true, true)).toEqual(['2']);
    expect(nextChoice(['1'], '2', true, false)).toEqual(['1', '2']);
    expect(nextChoice(['1', '2'], '1', false, false)).toEqual(['2']);
  });
});
