import { describe, expect, it } from 'vitest';
import type { MessageItem } from '@cst/shared';
import { avatarSrc, formatBytes, parseContent, previewSrc, safeHref, thumbSrc } from './media.ts';
import { nextChoice } from './VoteBubble.tsx';
import { cardContent } from '@cst/shared';

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
  it('keeps only http(s) and same-origin addresses', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('/oss-api/t/1/a.png')).toBe('/oss-api/t/1/a.png');
  });

  it('gives avatars in the console storage the token and leaves the platform ones as they are', () => {
    expect(avatarSrc('/oss-api/t/1/avatars/a.jpg')).toMatch(
      /^\/oss-api\/t\/1\/avatars\/a\.jpg\?token=/,
    );
    expect(avatarSrc('data:image/svg+xml;base64,PHN2Zy8+')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(avatarSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(avatarSrc('')).toBeUndefined();
    expect(avatarSrc(null)).toBeUndefined();
  });

  it('previews received pictures under 7 days from the CDN address, older ones from the thumbnail', () => {
    expect(previewSrc(msg({}), now)).toContain('source=cdn');
    expect(previewSrc(msg({}), now)).toContain('token=');
    const old = msg({ msgTime: now - 8 * 86400_000 });
    expect(previewSrc(old, now)).toContain('thumb=1');
    expect(previewSrc(msg({ sendSide: 1, fileUrl: '/oss-api/t/1/a.png' }), now)).toMatch(
      /^\/oss-api\/t\/1\/a\.png\?token=/,
    );
  });

  it('uses the thumbnail for the 100×100 picture', () => {
    expect(thumbSrc(msg({}), now)).toContain('thumb=1&token=');
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
