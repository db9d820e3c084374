import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../gateway/index.ts';
import type { MessageRow } from './conversation.presenter.ts';
import { mediaAddressesOf } from './media-address.ts';
import { outboundOf } from './outbound-message.ts';

function row(over: Partial<MessageRow>): MessageRow {
  return {
    id: 42,
    tenantId: 't',
    conversationId: 'c',
    workAccountId: 'a',
    msgId: null,
    requestId: 'r',
    sendingUuid: null,
    msgType: 1,
    sendSide: 1,
    content: '',
    caption: null,
    fileUrl: null,
    fileCdnUrl: null,
    fileName: null,
    fileLen: null,
    fileId: null,
    fileMime: null,
    media: null,
    jpegThumbnail: null,
    memberWxid: null,
    memberName: null,
    memberAvatar: null,
    refMsgId: null,
    refContent: null,
    displayName: null,
    sendOk: false,
    deliveryOk: false,
    readOk: false,
    failed: false,
    errMessage: null,
    revoked: false,
    editedAt: null,
    senderUserId: null,
    senderKind: null,
    senderId: null,
    senderName: null,
    robot: false,
    mentions: null,
    dispatchState: 'pending',
    msgTime: 0,
    createdAt: new Date(0),
    ...over,
  };
}

describe('outboundOf', () => {
  it("sends a text's mentions as the platform's", () => {
    expect(outboundOf(row({ content: '@小王 看一下', mentions: ['wxid_w'] }))).toEqual({
      kind: 'text',
      content: '@小王 看一下',
      atWxids: ['wxid_w'],
    });
    expect(outboundOf(row({ content: 'hi' }))).toEqual({ kind: 'text', content: 'hi' });
  });

  it('maps every console kind to the gateway message', () => {
    const file = {
      fileUrl: '/oss-api/t/x/a.png',
      fileName: 'a.png',
      fileMime: 'image/png',
      fileLen: 9,
    };
    expect(outboundOf(row({ msgType: 2, ...file }))).toEqual({
      kind: 'image',
      file: { fileUrl: '/oss-api/t/x/a.png', fileName: 'a.png', mime: 'image/png', size: 9 },
    });
    expect(outboundOf(row({ msgType: 3, ...file })).kind).toBe('file');
    expect(outboundOf(row({ msgType: 6, ...file, media: { durationMs: 3000 } }))).toMatchObject({
      kind: 'voice',
      file: { durationMs: 3000 },
    });
    expect(
      outboundOf(
        row({
          msgType: 10,
          content: JSON.stringify({ title: 't', description: 'd', url: 'https://x' }),
        }),
      ),
    ).toEqual({ kind: 'link', title: 't', description: 'd', url: 'https://x' });
    expect(
      outboundOf(
        row({
          msgType: 14,
          content: JSON.stringify({ title: 't', appId: 'wx1', appName: 'n', pagePath: 'p' }),
        }),
      ),
    ).toEqual({ kind: 'miniProgram', title: 't', appId: 'wx1', appName: 'n', pagePath: 'p' });
    expect(outboundOf(row({ msgType: 19, content: '{"content":"hi"}', refMsgId: 'm1' }))).toEqual({
      kind: 'quote',
      content: 'hi',
      refMsgId: 'm1',
    });
    expect(outboundOf(row({ msgType: 1, content: 'hello' }))).toEqual({
      kind: 'text',
      content: 'hello',
    });
  });

  it('refuses a media row without file and broken JSON (the send fails, nothing crashes)', () => {
    expect(() => outboundOf(row({ msgType: 2 }))).toThrow(GatewayError);
    expect(() => outboundOf(row({ msgType: 14, content: 'not json' }))).toThrow(GatewayError);
  });
});

describe('mediaAddressesOf', () => {
  it('gives received media the download address, the CDN address and a thumbnail', () => {
    expect(mediaAddressesOf(row({ msgType: 2, sendSide: 2, fileId: 'f' }))).toEqual({
      fileUrl: '/api/v1/download/user-chat-file?cr_id=42',
      fileCdnUrl: '/api/v1/download/user-chat-file?cr_id=42&source=cdn',
      jpegThumbnail: '/api/v1/download/user-chat-file?cr_id=42&thumb=1',
    });
    // Sent from the phone: permanent only; a document has no thumbnail.
    expect(mediaAddressesOf(row({ msgType: 3, sendSide: 1, fileId: 'f' }))).toEqual({
      fileUrl: '/api/v1/download/user-chat-file?cr_id=42',
      fileCdnUrl: null,
      jpegThumbnail: null,
    });
  });

  it('keeps the console’s own file and thumbnail, and leaves other types alone', () => {
    expect(
      mediaAddressesOf(
        row({ msgType: 2, fileUrl: '/oss-api/k.png', jpegThumbnail: '/oss-api/k.png.thumb.jpg' }),
      ),
    ).toEqual({
      fileUrl: '/oss-api/k.png',
      fileCdnUrl: null,
      jpegThumbnail: '/oss-api/k.png.thumb.jpg',
    });
    expect(mediaAddressesOf(row({ msgType: 1, fileId: 'f' }))).toEqual({
      fileUrl: null,
      fileCdnUrl: null,
      jpegThumbnail: null,
    });
  });
});
