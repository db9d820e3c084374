import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeEmoticon, makeImage, makePdf, makeVideo, makeVoice } from './media.ts';
import { createRng } from './prng.ts';
import { planAccount, planWorld, personForPhone } from './world.ts';
import { REGIONS } from './vocabulary.ts';

const NOW = Date.UTC(2025, 0, 15);
const HAN = /\p{Script=Han}/u;

describe('seeded generator', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = createRng('s', 1);
    const b = createRng('s', 1);
    const c = createRng('s', 2);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe('world plan', () => {
  it('is the same world for the same seed and account, another for another seed', () => {
    const one = planWorld('seed-a', 'wxid_acc1', NOW);
    expect(planWorld('seed-a', 'wxid_acc1', NOW)).toEqual(one);
    expect(planWorld('seed-b', 'wxid_acc1', NOW).contacts[0]).not.toEqual(one.contacts[0]);
    expect(planWorld('seed-a', 'wxid_acc2', NOW).contacts[0]).not.toEqual(one.contacts[0]);
    expect(planAccount('seed-a', 1)).toEqual(planAccount('seed-a', 1));
    expect(planAccount('seed-a', 1).wxid).not.toEqual(planAccount('seed-a', 2).wxid);
  });

  it('gives every account a group of its own and one it is only a member of', () => {
    for (let i = 0; i < 200; i++) {
      const owners = planWorld('owners', `wxid_${i}`, NOW).groups.map((g) => g.ownerWxid);
      expect(owners).toContain(`wxid_${i}`);
      expect(owners.some((o) => o !== `wxid_${i}`)).toBe(true);
    }
  });

  it('gives 50–300 Chinese-named contacts with regions, genders, avatars and 5–20 groups', () => {
    const provinces = new Map(REGIONS.map(([p, cities]) => [p, cities]));
    for (let i = 0; i < 25; i++) {
      const w = planWorld('sizes', `wxid_${i}`, NOW);
      expect(w.contacts.length).toBeGreaterThanOrEqual(50);
      expect(w.contacts.length).toBeLessThanOrEqual(300);
      expect(w.groups.length).toBeGreaterThanOrEqual(5);
      expect(w.groups.length).toBeLessThanOrEqual(20);
      const ids = new Set(w.contacts.map((c) => c.wxid));
      expect(ids.size).toBe(w.contacts.length);
      for (const c of w.contacts) {
        expect(provinces.get(c.province)).toContain(c.city);
        expect(['male', 'female', 'unknown']).toContain(c.sex);
        expect(c.avatar.startsWith('data:image/svg+xml')).toBe(true);
        expect(c.addedAt).toBeLessThan(NOW);
      }
      const hanNames = w.contacts.filter((c) => HAN.test(c.nickname)).length;
      expect(hanNames / w.contacts.length).toBeGreaterThan(0.8);
      for (const g of w.groups) {
        expect(g.groupId).toMatch(/@chatroom$/);
        expect(g.members.map((m) => m.wxid)).toContain(`wxid_${i}`);
        expect(g.members.length).toBeGreaterThanOrEqual(4);
      }
      // Members are drawn from both the contacts and strangers.
      const members = w.groups.flatMap((g) => g.members.map((m) => m.wxid));
      expect(members.some((m) => ids.has(m))).toBe(true);
      expect(w.strangers.length).toBeGreaterThan(0);
      expect(w.strangers.every((s) => !ids.has(s.wxid))).toBe(true);
    }
  });

  it('finds the same person for the same phone number', () => {
    expect(personForPhone('s', '13800138000')).toEqual(personForPhone('s', '13800138000'));
    expect(personForPhone('s', '13800138000').alias).toBe('13800138000');
  });
});

describe('media files', () => {
  it('makes a valid PNG picture and sticker', () => {
    for (const png of [makeImage(createRng('img')), makeEmoticon(createRng('emo'))]) {
      expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
      expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      const idatLen = png.readUInt32BE(33);
      expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
      const raw = zlib.inflateSync(png.subarray(41, 41 + idatLen));
      expect(raw.length).toBe((width * 3 + 1) * height);
      expect(png.subarray(png.length - 8, png.length - 4).toString('latin1')).toBe('IEND');
    }
    expect(makeImage(createRng('same'))).toEqual(makeImage(createRng('same')));
  });

  it('makes a WAV voice clip, a WebM video and a PDF document', () => {
    const voice = makeVoice(createRng('v'));
    expect(voice.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(voice.data.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(voice.data.readUInt32LE(40)).toBe((8000 * 2 * voice.durationMs) / 1000);
    const video = makeVideo();
    expect(video.data.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(video.data.includes(Buffer.from('webm', 'latin1'))).toBe(true);
    const pdf = makePdf(['Hello']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const firstObj = Number(/0000000000 65535 f \n(\d{10})/.exec(pdf)![1]);
    expect(pdf.slice(firstObj, firstObj + 7)).toBe('1 0 obj');
  });
});
