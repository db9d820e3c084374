import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import type { ChatMessage } from '../conversations/store/inboxStore.ts';
import { buildConv, buildMessage } from '../conversations/store/testFactories.ts';
import { BUBBLE_IMAGE_MAX, ImageBubble } from './MediaBubbles.tsx';

const picture: ChatMessage = {
  ...buildMessage(buildConv('wxid_a'), 8, {
    msgType: 2,
    sendSide: 1,
    fileUrl: '/oss-api/up/a/b/20261204/1-x.png',
    jpegThumbnail: '/oss-api/up/a/b/20261204/1-x.png.thumb.jpg',
    fileName: 'img1 促销.png',
  }),
  key: 'm8',
  local: false,
};

afterEach(cleanup);

describe('ImageBubble', () => {
  it('shows the whole picture by its medium variant, scaled to fit, not the thumbnail', () => {
    render(<ImageBubble message={picture} />);
    const img = screen.getByTestId('bubble-image').querySelector('img')!;
    // SPEC §4: the high-definition address is swapped for the medium one.
    expect(img.getAttribute('src')).toBe('/oss-api/up/a/b/20261204/1-x.png.medium.jpg');
    expect(img.style.objectFit).toBe('contain');
    expect(img.style.maxWidth).toBe(`${BUBBLE_IMAGE_MAX}px`);
    expect(img.style.maxHeight).toBe(`${BUBBLE_IMAGE_MAX}px`);
  });

  it('falls back to the thumbnail when the medium picture cannot load', () => {
    render(<ImageBubble message={picture} />);
    fireEvent.error(screen.getByTestId('bubble-image').querySelector('img')!);
    const img = screen.getByTestId('bubble-image').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/oss-api/up/a/b/20261204/1-x.png.thumb.jpg');
  });

  it('asks a received picture’s download for its medium variant', () => {
    const received: ChatMessage = {
      ...picture,
      sendSide: 2,
      msgTime: Date.now() - 6 * 3600_000,
      fileUrl: '/api/v1/download/user-chat-file?cr_id=8',
      fileCdnUrl: '/api/v1/download/user-chat-file?cr_id=8&source=cdn',
      jpegThumbnail: '/api/v1/download/user-chat-file?cr_id=8&thumb=1',
    };
    render(<ImageBubble message={received} />);
    const img = screen.getByTestId('bubble-image').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/v1/download/user-chat-file?cr_id=8&medium=1');
  });
});
