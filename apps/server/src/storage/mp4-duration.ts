/**
 * The duration of an MP4/QuickTime file in milliseconds, read from the movie header (`moov/mvhd`)
 * without decoding anything; null when the file has no readable movie header. Box sizes are
 * checked against the buffer, so a hostile file can only yield null, never a read past its end.
 */
export function mp4DurationMs(data: Buffer): number | null {
  const moov = findBox(data, 0, data.length, 'moov');
  if (!moov) return null;
  const mvhd = findBox(data, moov.start, moov.end, 'mvhd');
  if (!mvhd) return null;
  const p = mvhd.start;
  if (mvhd.end - p < 4) return null;
  const version = data[p]!;
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.end - p < 32) return null;
    timescale = data.readUInt32BE(p + 20);
    duration = Number(data.readBigUInt64BE(p + 24));
  } else {
    if (mvhd.end - p < 20) return null;
    timescale = data.readUInt32BE(p + 12);
    duration = data.readUInt32BE(p + 16);
  }
  if (timescale === 0 || !Number.isFinite(duration)) return null;
  // 0xffffffff (or all ones in version 1) means "unknown" in the format.
  if (duration === 0xffffffff || duration >= Number.MAX_SAFE_INTEGER) return null;
  return Math.round((duration * 1000) / timescale);
}

interface Box {
  /** First byte of the box's payload. */
  start: number;
  /** One past its last byte. */
  end: number;
}

/** The first box of a type among the boxes between `from` and `to`. */
function findBox(data: Buffer, from: number, to: number, type: string): Box | null {
  let at = from;
  // A box header is at least 8 bytes; give up on anything that does not move forward.
  for (let guard = 0; at + 8 <= to && guard < 10_000; guard++) {
    let size = data.readUInt32BE(at);
    const name = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      const big = data.readBigUInt64BE(at + 8);
      if (big > BigInt(to - at)) return null;
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return null;
    if (name === type) return { start: at + header, end: at + size };
    at += size;
  }
  return null;
}
