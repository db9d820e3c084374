import OpusScript from 'opusscript';
import { describe, expect, it } from 'vitest';
import { mp3Of, opusPackets, readOgg, tone, wavOf, webmOf } from './voice.fixtures.ts';
import { toOggOpus } from './voice.ts';
import { opusPacketSamples, readWebmOpus } from './webm.ts';

/** OGG's CRC-32 (polynomial 0x04c11db7, unreflected), bit by bit. */
function crc(page: Buffer): number {
  let c = 0;
  for (const b of page) {
    c ^= b << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    c >>>= 0;
  }
  return c;
}

/** Decodes the audio packets back to 48 kHz samples; returns their RMS level (0…1). */
function level(packets: Buffer[]): { rms: number; samples: number } {
  const dec = new OpusScript(48_000, 1);
  let sum = 0;
  let n = 0;
  for (const p of packets) {
    const pcm = dec.decode(p);
    for (let i = 0; i + 1 < pcm.length; i += 2) {
      const s = pcm.readInt16LE(i) / 32768;
      sum += s * s;
      n++;
    }
  }
  dec.delete();
  return { rms: Math.sqrt(sum / Math.max(1, n)), samples: n };
}

/** Checks an OGG/Opus voice note and returns what it decodes to. */
function checkVoice(ogg: Buffer) {
  const { packets, granule } = readOgg(ogg, crc);
  expect(packets[0]!.toString('ascii', 0, 8)).toBe('OpusHead');
  expect(packets[0]![9]).toBe(1); // mono
  expect(packets[1]!.toString('ascii', 0, 8)).toBe('OpusTags');
  const audio = packets.slice(2);
  const preSkip = packets[0]!.readUInt16LE(10);
  const total = audio.reduce((a, p) => a + opusPacketSamples(p), 0);
  expect(Number(granule)).toBe(preSkip + total);
  return { ...level(audio), total };
}

describe('voice notes as OGG/Opus', () => {
  it('encodes a WAV (16 kHz, stereo) recorded by anything', async () => {
    const note = await toOggOpus(wavOf(tone(2, 16_000), 16_000, 2));
    expect(note!.seconds).toBe(2);
    const { rms, total } = checkVoice(note!.ogg);
    expect(total).toBeGreaterThanOrEqual(96_000);
    expect(total).toBeLessThan(96_000 + 960 * 2);
    // A tone of amplitude 12000/32768 has an RMS of about 0.26: the sound survived.
    expect(rms).toBeGreaterThan(0.15);
    expect(rms).toBeLessThan(0.4);
  });

  it('decodes and encodes an MP3', async () => {
    const note = await toOggOpus(mp3Of(tone(3, 44_100), 44_100));
    expect(note!.seconds).toBe(3);
    const { rms, total } = checkVoice(note!.ogg);
    expect(total / 48_000).toBeGreaterThan(2.9);
    expect(rms).toBeGreaterThan(0.15);
  });

  it('remuxes a browser recording (WebM/Opus) without re-encoding', async () => {
    const packets = opusPackets(3);
    const webm = webmOf(packets);
    expect(readWebmOpus(webm)!.packets).toEqual(packets);
    const note = await toOggOpus(webm);
    expect(note!.seconds).toBe(3);
    const { packets: out } = readOgg(note!.ogg, crc);
    // The very packets, byte for byte.
    expect(out.slice(2)).toEqual(packets);
    expect(checkVoice(note!.ogg).rms).toBeGreaterThan(0.15);
  });

  it('passes an OGG/Opus file through, and gives up on what it cannot decode', async () => {
    const ogg = (await toOggOpus(wavOf(tone(1, 48_000), 48_000)))!.ogg;
    expect((await toOggOpus(ogg))!.ogg).toBe(ogg);
    expect(await toOggOpus(Buffer.from('#!AMR\n\x00\x00\x00\x00'))).toBeNull();
    expect(await toOggOpus(Buffer.from('not audio at all'))).toBeNull();
    // WebM without an Opus track (a video) is no voice note.
    expect(await toOggOpus(webmOf([]))).toBeNull();
  });

  it('counts Opus packet lengths from the TOC byte', () => {
    expect(opusPacketSamples(Buffer.from([0xf8]))).toBe(960); // CELT 20 ms, one frame
    expect(opusPacketSamples(Buffer.from([0x08 | 0x01]))).toBe(1920); // SILK 20 ms, two frames
    expect(opusPacketSamples(Buffer.from([0x18 | 0x03, 3]))).toBe(8640); // SILK 60 ms ×3
  });
});
