import zlib from 'node:zlib';
import type { Rng } from './prng.ts';
import { sampleWebm } from './sample-video.ts';

// Small real media files, made locally and deterministically from a seeded generator.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGB pixels (row-major, 3 bytes each) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(
      raw,
      y * (width * 3 + 1) + 1,
    );
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A picture: a two-colour gradient sky, a sun and hills. */
export function makeImage(rng: Rng, width = 240, height = 180): Buffer {
  const hue = rng.int(0, 359);
  const top = hsl(hue, 0.6, 0.75);
  const bottom = hsl((hue + 40) % 360, 0.7, 0.55);
  const hill = hsl((hue + 150) % 360, 0.45, 0.35);
  const sun = hsl((hue + 200) % 360, 0.9, 0.65);
  const sx = rng.int(width * 0.2, width * 0.8);
  const sy = rng.int(height * 0.15, height * 0.4);
  const sr = rng.int(12, 28);
  const phase = rng.next() * Math.PI * 2;
  const px = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y / height;
      let c: [number, number, number] = [
        top[0] + (bottom[0] - top[0]) * t,
        top[1] + (bottom[1] - top[1]) * t,
        top[2] + (bottom[2] - top[2]) * t,
      ];
      if ((x - sx) ** 2 + (y - sy) ** 2 < sr * sr) c = sun;
      const ridge = height * 0.7 + Math.sin(x / 23 + phase) * height * 0.08;
      if (y > ridge) c = hill;
      const i = (y * width + x) * 3;
      px[i] = c[0];
      px[i + 1] = c[1];
      px[i + 2] = c[2];
    }
  }
  return encodePng(width, height, px);
}

/** A sticker: a round face on a plain background, 100×100. */
export function makeEmoticon(rng: Rng): Buffer {
  const size = 100;
  const bg = hsl(rng.int(0, 359), 0.5, 0.9);
  const face = hsl(rng.int(35, 55), 0.95, 0.6);
  const ink: [number, number, number] = [60, 40, 30];
  const smile = rng.chance(0.7);
  const px = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - 50;
      const dy = y - 50;
      let c = bg;
      if (dx * dx + dy * dy < 42 * 42) c = face;
      if ((x - 35) ** 2 + (y - 40) ** 2 < 25 || (x - 65) ** 2 + (y - 40) ** 2 < 25) c = ink;
      const mouthY = smile ? 62 + ((x - 50) / 18) ** 2 * -6 + 6 : 70 - ((x - 50) / 18) ** 2 * -6;
      if (Math.abs(dx) < 18 && Math.abs(y - mouthY) < 2) c = ink;
      const i = (y * size + x) * 3;
      px[i] = c[0];
      px[i + 1] = c[1];
      px[i + 2] = c[2];
    }
  }
  return encodePng(size, size, px);
}

/** A voice clip: 16-bit mono 8 kHz WAV of a few syllable-like tones. */
export function makeVoice(rng: Rng): { data: Buffer; durationMs: number } {
  const rate = 8000;
  const durationMs = rng.int(1, 4) * 1000;
  const n = (rate * durationMs) / 1000;
  const pcm = Buffer.alloc(n * 2);
  const base = rng.int(140, 260);
  const syllable = rng.int(1800, 3200);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const k = Math.floor(i / syllable);
    const inSyl = (i % syllable) / syllable;
    const env = Math.sin(Math.PI * inSyl) ** 2 * (k % 4 === 3 ? 0.2 : 1);
    const f = base * (1 + 0.15 * Math.sin(k * 1.7));
    const v = env * (0.6 * Math.sin(2 * Math.PI * f * t) + 0.25 * Math.sin(4 * Math.PI * f * t));
    pcm.writeInt16LE(Math.round(v * 12000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return { data: Buffer.concat([header, pcm]), durationMs };
}

/** A short video: the embedded 2-second WebM. */
export function makeVideo(): { data: Buffer; durationMs: number; width: number; height: number } {
  return { data: sampleWebm(), durationMs: 2000, width: 96, height: 96 };
}

/** A one-page PDF with a few lines of (ASCII) text. */
export function makePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const text = lines
    .map((l, i) => `BT /F1 14 Tf 56 ${760 - i * 22} Td (${esc(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Mime type by file extension (the common ones of chat files). */
export function mimeOf(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    webm: 'video/webm',
    mp4: 'video/mp4',
    wav: 'audio/wav',
    mp3: 'audio/mpeg',
    amr: 'audio/amr',
    pdf: 'application/pdf',
    txt: 'text/plain; charset=utf-8',
    doc: 'application/msword',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xls: 'application/vnd.ms-excel',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    zip: 'application/zip',
  };
  return map[ext] ?? 'application/octet-stream';
}
