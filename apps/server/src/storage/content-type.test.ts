import { describe, expect, it } from 'vitest';
import { detectType, extensionMatches } from './content-type.ts';

const b = (...xs: (number | string)[]) =>
  Buffer.concat(
    xs.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))),
  );

describe('detectType (magic numbers, not names)', () => {
  it('knows the allowed formats by their bytes', () => {
    const cases: [Buffer, string][] = [
      [b(0x89, 'PNG\r\n', 0x1a, '\n', 'rest'), 'image/png'],
      [b(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), 'image/jpeg'],
      [b('GIF89a', 1, 2), 'image/gif'],
      [b('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
      [b('RIFF', 0, 0, 0, 0, 'WAVEfmt '), 'audio/wav'],
      [b(0, 0, 0, 0x18, 'ftypisom', 0, 0, 0, 0), 'video/mp4'],
      [b(0, 0, 0, 0x18, 'ftypM4A ', 0, 0, 0, 0), 'audio/mp4'],
      [b(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 'B', 0x82, 0x84, 'webm'), 'video/webm'],
      [b('OggS', 0, 2), 'audio/ogg'],
      [b('ID3', 3, 0), 'audio/mpeg'],
      [b(0xff, 0xfb, 0x90, 0x64), 'audio/mpeg'],
      [b('#!AMR\n', 0x3c), 'audio/amr'],
      [b('%PDF-1.7\n'), 'application/pdf'],
      [b('PK', 3, 4, 20, 0), 'application/zip'],
      [Buffer.from('普通的文本\nplain text\n'), 'text/plain; charset=utf-8'],
    ];
    for (const [head, mime] of cases) expect(detectType(head, 'x', true)?.mime, mime).toBe(mime);
  });

  it('tells an audio-only WebM (a browser voice recording) from a WebM video by its tracks', () => {
    // As Chromium's MediaRecorder writes them: EBML header, a Segment of unknown size, Info,
    // Tracks with TrackEntry (TrackNumber, TrackUID, TrackType, CodecID, …).
    const ebml = b(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84, 'webm');
    const segment = b(0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    const info = b(0x15, 0x49, 0xa9, 0x66, 0x88, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0);
    const entry = (n: number, type: number, codec: string) =>
      b(0xd7, 0x81, n, 0x73, 0xc5, 0x81, n, 0x83, 0x81, type, 0x86, 0x80 | codec.length, codec);
    const tracks = (...entries: Buffer[]) => {
      const body = Buffer.concat(entries.map((e) => Buffer.concat([b(0xae, 0x80 | e.length), e])));
      return Buffer.concat([b(0x16, 0x54, 0xae, 0x6b, 0x80 | body.length), body]);
    };
    const cluster = b(0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff);
    const voice = Buffer.concat([ebml, segment, info, tracks(entry(1, 2, 'A_OPUS')), cluster]);
    expect(detectType(voice, 'voice.webm', true)).toEqual({
      mime: 'audio/webm',
      kind: 'audio',
      ext: '.webm',
    });
    const film = Buffer.concat([
      ebml,
      segment,
      info,
      tracks(entry(1, 2, 'A_OPUS'), entry(2, 1, 'V_VP8')),
      cluster,
    ]);
    expect(detectType(film, 'clip.webm', true)?.kind).toBe('video');
    const silent = Buffer.concat([ebml, segment, info, tracks(entry(1, 1, 'V_VP9')), cluster]);
    expect(detectType(silent, 'clip.webm', true)?.mime).toBe('video/webm');
    // A head without tracks keeps the old answer: video.
    expect(detectType(b(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 'B', 0x82, 0x84, 'webm'))?.kind).toBe(
      'video',
    );
    expect(extensionMatches('voice.webm', detectType(voice)!)).toBe(true);
    expect(extensionMatches('voice.weba', detectType(voice)!)).toBe(true);
  });

  it('uses the name only to pick the office format inside a zip or OLE container', () => {
    expect(detectType(b('PK', 3, 4), 'report.docx')?.mime).toMatch(/wordprocessingml/);
    expect(detectType(b('PK', 3, 4), 'report.png')?.mime).toBe('application/zip');
    expect(detectType(b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.xls')?.mime).toBe(
      'application/vnd.ms-excel',
    );
  });

  it('refuses executables, binary junk, HEIC and empty files', () => {
    expect(detectType(b('MZ', 0x90, 0, 3, 0, 0, 0, 4), 'a.png')).toBeNull();
    expect(detectType(b(0x7f, 'ELF', 2, 1, 1, 0), 'a.txt')).toBeNull();
    expect(detectType(b(0, 0, 0, 0x18, 'ftypheic'), 'a.mp4')).toBeNull();
    expect(detectType(Buffer.alloc(0), 'a.txt', true)).toBeNull();
    expect(detectType(Buffer.from([0xc3, 0x28, 0x00, 0x01]), 'a.txt', true)).toBeNull();
  });

  it('keeps text whose last UTF-8 character is cut by the head', () => {
    const text = Buffer.from('中文'.repeat(10));
    expect(detectType(text.subarray(0, text.length - 1), 'a.txt', false)?.kind).toBe('document');
  });

  it('checks the extension against the detected type; unknown extensions agree', () => {
    const png = detectType(b(0x89, 'PNG\r\n', 0x1a, '\n'))!;
    expect(extensionMatches('a.png', png)).toBe(true);
    expect(extensionMatches('a.PNG', png)).toBe(true);
    expect(extensionMatches('a.jpg', png)).toBe(false);
    expect(extensionMatches('a.pdf', png)).toBe(false);
    expect(extensionMatches('a.bin', png)).toBe(true);
    expect(extensionMatches('noext', png)).toBe(true);
  });
});
