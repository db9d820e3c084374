import { MPEGDecoder } from 'mpg123-decoder';
import OpusScript from 'opusscript';
import { opusPacketSamples, readWebmOpus } from './webm.ts';

/**
 * Voice notes on WhatsApp must be OGG/Opus (mono, 48 kHz). There is no ffmpeg at runtime, so:
 * OGG passes through, WebM/Opus (what browsers record) is remuxed without re-encoding, WAV and
 * MP3 are decoded (WAV by hand, MP3 by mpg123 in WebAssembly) and encoded by libopus in
 * WebAssembly (opusscript). AMR, SILK and M4A/AAC have no decoder here: they go as audio files.
 */
export interface OggVoice {
  ogg: Buffer;
  /** Length in whole seconds (at least 1). */
  seconds: number;
}

const RATE = 48_000;
const FRAME = 960; // 20 ms at 48 kHz
/** The encoder's look-ahead at 48 kHz (libopus), written as the pre-skip. */
const PRE_SKIP = 312;

// ---- OGG pages ----------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    t[i] = r >>> 0;
  }
  return t;
})();

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

/** One OGG page holding one whole packet. */
function oggPage(packet: Uint8Array, granule: bigint, serial: number, seq: number, flags: number) {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  if (lacing.length > 255) throw new Error('an Opus packet too large for one OGG page');
  const head = Buffer.alloc(27 + lacing.length);
  head.write('OggS', 0, 'ascii');
  head[4] = 0;
  head[5] = flags;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  head.writeUInt32LE(seq, 18);
  head[26] = lacing.length;
  Buffer.from(lacing).copy(head, 27);
  const page = Buffer.concat([head, packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** An OpusHead for mono (or the stream's own from WebM's CodecPrivate). */
function opusHead(channels: number, inputRate: number, preSkip: number): Buffer {
  const h = Buffer.alloc(19);
  h.write('OpusHead', 0, 'ascii');
  h[8] = 1;
  h[9] = channels;
  h.writeUInt16LE(preSkip, 10);
  h.writeUInt32LE(inputRate, 12);
  h.writeInt16LE(0, 16);
  h[18] = 0;
  return h;
}

function opusTags(): Buffer {
  const vendor = Buffer.from('cst-console', 'utf8');
  const t = Buffer.alloc(8 + 4 + vendor.length + 4);
  t.write('OpusTags', 0, 'ascii');
  t.writeUInt32LE(vendor.length, 8);
  vendor.copy(t, 12);
  t.writeUInt32LE(0, 12 + vendor.length);
  return t;
}

/** Writes Opus packets as an OGG/Opus file; returns it with its length in samples at 48 kHz. */
export function writeOggOpus(
  head: Buffer,
  packets: Uint8Array[],
): { ogg: Buffer; samples: number } {
  const serial = 0x43535400 | (packets.length & 0xff);
  const preSkip = head.readUInt16LE(10);
  const pages = [oggPage(head, 0n, serial, 0, 0x02), oggPage(opusTags(), 0n, serial, 1, 0)];
  let samples = 0;
  packets.forEach((p, i) => {
    samples += opusPacketSamples(p);
    const last = i === packets.length - 1;
    pages.push(oggPage(p, BigInt(preSkip + samples), serial, i + 2, last ? 0x04 : 0));
  });
  return { ogg: Buffer.concat(pages), samples };
}

// ---- decoding -----------------------------------------------------------------------------------

/** Mono float samples of a PCM or float WAV file; null when it is not one this reads. */
export function decodeWav(buf: Buffer): { pcm: Float32Array; rate: number } | null {
  if (buf.length < 44 || buf.toString('ascii', 0, 4) !== 'RIFF') return null;
  if (buf.toString('ascii', 8, 12) !== 'WAVE') return null;
  let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16) {
      fmt = {
        format: buf.readUInt16LE(body),
        channels: buf.readUInt16LE(body + 2),
        rate: buf.readUInt32LE(body + 4),
        bits: buf.readUInt16LE(body + 14),
      };
      if (fmt.format === 0xfffe && size >= 26) fmt.format = buf.readUInt16LE(body + 24);
    } else if (id === 'data' && fmt) {
      const { format, channels, rate, bits } = fmt;
      const width = bits / 8;
      const pcm16 = format === 1 && bits === 16;
      const f32 = format === 3 && bits === 32;
      if ((!pcm16 && !f32) || channels < 1 || rate < 1000) return null;
      const end = Math.min(buf.length, body + size);
      const frames = Math.floor((end - body) / (width * channels));
      const out = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const o = body + (i * channels + c) * width;
          sum += pcm16 ? buf.readInt16LE(o) / 32768 : buf.readFloatLE(o);
        }
        out[i] = sum / channels;
      }
      return { pcm: out, rate };
    }
    at = body + size + (size & 1);
  }
  return null;
}

/** Mono float samples of an MP3 file. */
export async function decodeMp3(buf: Buffer): Promise<{ pcm: Float32Array; rate: number } | null> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decode(new Uint8Array(buf));
    if (!samplesDecoded || !channelData.length) return null;
    const out = new Float32Array(samplesDecoded);
    for (const ch of channelData) {
      for (let i = 0; i < samplesDecoded; i++) out[i]! += ch[i]! / channelData.length;
    }
    return { pcm: out, rate: sampleRate };
  } finally {
    decoder.free();
  }
}

/** Linear resampling to 48 kHz (speech: good enough, and Opus band-limits anyway). */
function to48k(pcm: Float32Array, rate: number): Float32Array {
  if (rate === RATE) return pcm;
  const n = Math.floor((pcm.length * RATE) / rate);
  const out = new Float32Array(n);
  const step = rate / RATE;
  for (let i = 0; i < n; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = pcm[j] ?? 0;
    const b = pcm[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return out;
}

/** Encodes mono samples as OGG/Opus (20 ms frames, 32 kbit/s, VoIP mode). */
export function encodeOggOpus(pcm: Float32Array, rate: number): OggVoice {
  const samples = to48k(pcm, rate);
  const enc = new OpusScript(RATE, 1, OpusScript.Application.VOIP);
  try {
    enc.setBitrate(32_000);
    const packets: Uint8Array[] = [];
    const frame = Buffer.alloc(FRAME * 2);
    for (let at = 0; at < samples.length; at += FRAME) {
      frame.fill(0);
      for (let i = 0; i < FRAME && at + i < samples.length; i++) {
        const s = Math.max(-1, Math.min(1, samples[at + i]!));
        frame.writeInt16LE(Math.round(s * 32767), i * 2);
      }
      packets.push(Buffer.from(enc.encode(frame, FRAME)));
    }
    const { ogg } = writeOggOpus(opusHead(1, rate, PRE_SKIP), packets);
    return { ogg, seconds: Math.max(1, Math.round(samples.length / RATE)) };
  } finally {
    enc.delete();
  }
}

const isOgg = (b: Buffer) => b.length > 36 && b.toString('ascii', 0, 4) === 'OggS';
const isOpusInOgg = (b: Buffer) => isOgg(b) && b.toString('ascii', 28, 36) === 'OpusHead';
const isWebm = (b: Buffer) => b.length > 4 && b.readUInt32BE(0) === 0x1a45dfa3;
const isMp3 = (b: Buffer) =>
  b.toString('ascii', 0, 3) === 'ID3' || (b.length > 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

/**
 * The bytes of a voice as an OGG/Opus voice note, judged by content (not by the declared type);
 * null when this server cannot turn it into one (the caller then sends an audio file).
 */
export async function toOggOpus(bytes: Buffer): Promise<OggVoice | null> {
  if (isOpusInOgg(bytes)) return { ogg: bytes, seconds: 0 };
  if (isWebm(bytes)) {
    const track = readWebmOpus(bytes);
    if (!track || !track.packets.length) return null;
    const { ogg, samples } = writeOggOpus(track.head, track.packets);
    return { ogg, seconds: Math.max(1, Math.round(samples / RATE)) };
  }
  const decoded = decodeWav(bytes) ?? (isMp3(bytes) ? await decodeMp3(bytes) : null);
  if (!decoded || !decoded.pcm.length) return null;
  return encodeOggOpus(decoded.pcm, decoded.rate);
}
