import { cleanup, render, screen } from '@testing-library/react';
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
  it('shows the whole picture, scaled to fit, not the centre-cropped thumbnail', () => {
    render(<ImageBubble message={picture} />);
    const img = screen.getByTestId('bubble-image').querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/oss-api/up/a/b/20261204/1-x.png');
    expect(img.style.objectFit).toBe('contain');
    expect(img.style.maxWidth).toBe(`${BUBBLE_IMAGE_MAX}px`);
    expect(img.style.maxHeight).toBe(`${BUBBLE_IMAGE_MAX}px`);
  });
});
