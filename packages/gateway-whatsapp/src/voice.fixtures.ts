import { Mp3Encoder } from '@breezystack/lamejs';
import OpusScript from 'opusscript';

/** Test-only audio made at test time: a tone as WAV, MP3, WebM/Opus (as browsers record) and OGG. */

/** `seconds` of a 440 Hz tone at `rate`, as 16-bit samples. */
export function tone(seconds: number, rate: number): Int16Array {
  const out = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return out;
}

/** A 16-bit PCM WAV file. */
export function wavOf(samples: Int16Array, rate: number, channels = 1): Buffer {
  const data = Buffer.alloc(samples.length * 2 * channels);
  for (let i = 0; i < samples.length; i++) {
    for (let c = 0; c < channels; c++) data.writeInt16LE(samples[i]!, (i * channels + c) * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2 * channels, 28);
  h.writeUInt16LE(2 * channels, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** An MP3 file (LAME in JavaScript). */
export function mp3Of(samples: Int16Array, rate: number): Buffer {
  const enc = new Mp3Encoder(1, rate, 64);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < samples.length; at += 1152) {
    parts.push(enc.encodeBuffer(samples.subarray(at, at + 1152)));
  }
  parts.push(enc.flush());
  return Buffer.concat(parts.map((p) => Buffer.from(p)));
}

/** Opus packets of 20 ms (48 kHz mono). */
export function opusPackets(seconds: number): Buffer[] {
  const enc = new OpusScript(48_000, 1, OpusScript.Application.VOIP);
  const pcm = tone(seconds, 48_000);
  const out: Buffer[] = [];
  for (let at = 0; at + 960 <= pcm.length; at += 960) {
    const frame = Buffer.from(pcm.slice(at, at + 960).buffer);
    out.push(Buffer.from(enc.encode(frame, 960)));
  }
  enc.delete();
  return out;
}

const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function size(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n) | (1n << 56n));
  return b;
}

function el(id: number, body: Buffer, unknownSize = false): Buffer {
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  return Buffer.concat([idBytes, unknownSize ? UNKNOWN : size(body.length), body]);
}

/**
 * A WebM file with one Opus track, as Chrome's MediaRecorder writes it: segment and clusters of
 * unknown size, SimpleBlocks, and the OpusHead as CodecPrivate.
 */
export function webmOf(packets: Buffer[]): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48_000, 12);
  const ebml = el(0x1a45dfa3, el(0x4282, Buffer.from('webm')));
  const track = el(
    0xae,
    Buffer.concat([
      el(0xd7, Buffer.from([1])),
      el(0x86, Buffer.from('A_OPUS')),
      el(0x63a2, head),
      el(0x83, Buffer.from([2])),
    ]),
  );
  const clusters: Buffer[] = [];
  for (let i = 0; i < packets.length; i += 50) {
    const blocks = packets.slice(i, i + 50).map((p, k) => {
      const hdr = Buffer.from([0x81, 0, 0, 0x80]);
      hdr.writeInt16BE(k * 20, 1);
      return el(0xa3, Buffer.concat([hdr, p]));
    });
    clusters.push(el(0x1f43b675, Buffer.concat([el(0xe7, Buffer.from([i])), ...blocks]), true));
  }
  const segment = el(0x18538067, Buffer.concat([el(0x1654ae6b, track), ...clusters]), true);
  return Buffer.concat([ebml, segment]);
}

/** The packets of an OGG file, checking every page's CRC; the last granule position too. */
export function readOgg(buf: Buffer, crc: (page: Buffer) => number) {
  const packets: Buffer[] = [];
  let granule = 0n;
  let pending: Buffer[] = [];
  for (let at = 0; at < buf.length;) {
    if (buf.toString('ascii', at, at + 4) !== 'OggS') throw new Error(`no page at ${at}`);
    const n = buf[at + 26]!;
    const lacing = [...buf.subarray(at + 27, at + 27 + n)];
    const len = lacing.reduce((a, b) => a + b, 0);
    const page = Buffer.from(buf.subarray(at, at + 27 + n + len));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    if (crc(page) !== stored) throw new Error(`bad CRC at ${at}`);
    granule = buf.readBigInt64LE(at + 6);
    let off = at + 27 + n;
    for (const l of lacing) {
      pending.push(buf.subarray(off, off + l));
      off += l;
      if (l < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    at = off;
  }
  return { packets, granule };
}
