/**
 * Just enough of WebM (Matroska) to take the Opus packets out of a browser's voice recording
 * (MediaRecorder's `audio/webm;codecs=opus`), so they can be written to OGG without re-encoding.
 */

const ID = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;

/** Elements whose children are read in place (they may have an unknown size when streamed). */
const MASTERS = new Set<number>([ID.segment, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);

/** An EBML variable-length integer at `at`: its value (marker kept for ids) and byte length. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; len: number } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  let len = 1;
  while (!(first & (0x80 >> (len - 1)))) len++;
  if (len > 8 || at + len > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  // An unknown size (all value bits set) reads as -1.
  return { value: !keepMarker && allOnes ? -1 : value, len };
}

/** The Opus track of a WebM file: its OpusHead and packets in order; null when it has none. */
export function readWebmOpus(buf: Buffer): { head: Buffer; packets: Buffer[] } | null {
  const tracks: { number?: number; codec?: string; priv?: Buffer }[] = [];
  const blocks: { track: number; data: Buffer }[] = [];
  let at = 0;
  while (at < buf.length) {
    const id = vint(buf, at, true);
    if (!id) break;
    const size = vint(buf, at + id.len, false);
    if (!size) break;
    const body = at + id.len + size.len;
    const end = size.value < 0 ? buf.length : Math.min(buf.length, body + size.value);
    if (MASTERS.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({});
      at = body;
      continue;
    }
    const entry = tracks.at(-1);
    if (id.value === ID.trackNumber && entry) entry.number = buf.readUIntBE(body, end - body);
    else if (id.value === ID.codecId && entry) entry.codec = buf.toString('ascii', body, end);
    else if (id.value === ID.codecPrivate && entry) entry.priv = buf.subarray(body, end);
    else if (id.value === ID.simpleBlock || id.value === ID.block) {
      const track = vint(buf, body, false);
      if (track) {
        const flags = buf[body + track.len + 2] ?? 0;
        // Laced blocks hold several frames; browsers do not write them for audio.
        if (flags & 0x06) return null;
        blocks.push({ track: track.value, data: buf.subarray(body + track.len + 3, end) });
      }
    }
    if (size.value < 0) break;
    at = end;
  }
  const opus = tracks.find((t) => t.codec === 'A_OPUS' && t.number !== undefined);
  if (!opus) return null;
  const head =
    opus.priv && opus.priv.toString('ascii', 0, 8) === 'OpusHead' ? Buffer.from(opus.priv) : null;
  if (!head) return null;
  const packets = blocks.filter((b) => b.track === opus.number).map((b) => Buffer.from(b.data));
  return { head, packets };
}

/** Samples (at 48 kHz) an Opus packet decodes to, from its TOC byte (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  const tenths =
    config < 12
      ? [100, 200, 400, 600][config & 3]!
      : config < 16
        ? [100, 200][config & 1]!
        : [25, 50, 100, 200][config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return (frames * tenths * 48) / 10;
}
