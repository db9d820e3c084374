import { describe, expect, it } from 'vitest';
import { mp4DurationMs } from './mp4-duration.ts';

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

function mvhd(timescale: number, duration: number, version = 0): Buffer {
  if (version === 1) {
    const p = Buffer.alloc(32 + 80);
    p[0] = 1;
    p.writeUInt32BE(timescale, 20);
    p.writeBigUInt64BE(BigInt(duration), 24);
    return box('mvhd', p);
  }
  const p = Buffer.alloc(20 + 80);
  p.writeUInt32BE(timescale, 12);
  p.writeUInt32BE(duration, 16);
  return box('mvhd', p);
}

describe('mp4DurationMs', () => {
  it('reads version 0 and version 1 movie headers after other boxes', () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isomiso2'));
    const free = box('free', Buffer.alloc(30));
    expect(mp4DurationMs(Buffer.concat([ftyp, free, box('moov', mvhd(1000, 30_100))]))).toBe(
      30_100,
    );
    expect(mp4DurationMs(Buffer.concat([ftyp, box('moov', mvhd(600, 18_000, 1))]))).toBe(30_000);
  });

  it('answers null for truncated or lying boxes instead of reading past the end', () => {
    const good = Buffer.concat([box('ftyp', Buffer.alloc(8)), box('moov', mvhd(1000, 5000))]);
    expect(mp4DurationMs(good.subarray(0, good.length - 90))).toBeNull();
    const lying = Buffer.from(good);
    lying.writeUInt32BE(0x7fffffff, 16); // moov claims 2 GB
    expect(mp4DurationMs(lying)).toBeNull();
    expect(mp4DurationMs(Buffer.from('not a video at all'))).toBeNull();
    expect(mp4DurationMs(Buffer.concat([box('moov', mvhd(0, 5000))]))).toBeNull();
  });
});
