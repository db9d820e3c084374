import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GatewayError, type MediaBytes } from '@cst/gateway';
import { makeEmoticon, makeImage, makePdf, makeVideo, makeVoice, mimeOf } from './media.ts';
import type { Rng } from './prng.ts';
import type { SimFileRow, SimulatorRepository } from './simulator.repository.ts';

/** Media kinds the simulator makes files for. */
export type SimMediaKind = 'image' | 'emoticon' | 'video' | 'voice' | 'document';

/** Files of the simulated platform under `${dataDir}/files/sim`. */
export class SimFileStore {
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly repo: SimulatorRepository,
  ) {
    this.root = path.join(dataDir, 'files', 'sim');
  }

  /** Makes a small real file of a kind (named `fileName` when given) and records it. */
  async make(
    accountWxid: string,
    kind: SimMediaKind,
    rng: Rng,
    now: number,
    fileName?: string,
    text?: string,
  ): Promise<SimFileRow> {
    const stamp = new Date(now).toISOString().slice(0, 10).replace(/-/g, '');
    const n = rng.int(1000, 9999);
    let data: Buffer;
    let name: string;
    let extra: { width?: number; height?: number; durationMs?: number } = {};
    switch (kind) {
      case 'image': {
        data = makeImage(rng);
        name = fileName || `IMG_${stamp}_${n}.png`;
        extra = { width: 240, height: 180 };
        break;
      }
      case 'emoticon': {
        data = makeEmoticon(rng);
        name = fileName || `sticker_${n}.png`;
        extra = { width: 100, height: 100 };
        break;
      }
      case 'video': {
        const v = makeVideo();
        data = v.data;
        name = fileName || `VID_${stamp}_${n}.webm`;
        extra = { width: v.width, height: v.height, durationMs: v.durationMs };
        break;
      }
      case 'voice': {
        const v = makeVoice(rng);
        data = v.data;
        name = fileName || `voice_${stamp}_${n}.wav`;
        extra = { durationMs: v.durationMs };
        break;
      }
      case 'document': {
        name = fileName || `document_${n}.pdf`;
        const body = text ?? `${name}\n`;
        data = name.toLowerCase().endsWith('.pdf')
          ? makePdf(['Simulated document', `No. ${n}`, `Date ${stamp}`])
          : Buffer.from(body, 'utf8');
        break;
      }
    }
    const fileId = randomUUID();
    const ext =
      path
        .extname(name)
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, '') || '.bin';
    const relPath = path.posix.join(safeSegment(accountWxid), stamp, `${fileId}${ext}`);
    const abs = path.join(this.root, relPath);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, data);
    return this.repo.insertFile({
      fileId,
      accountWxid,
      relPath,
      fileName: name,
      mime: mimeOf(name),
      size: data.length,
      width: extra.width ?? null,
      height: extra.height ?? null,
      durationMs: extra.durationMs ?? null,
      createdAt: now,
    });
  }

  /** Bytes and type of a recorded file. */
  async read(file: SimFileRow): Promise<MediaBytes> {
    const abs = path.resolve(this.root, file.relPath);
    if (!abs.startsWith(path.resolve(this.root) + path.sep)) throw new GatewayError('notFound');
    try {
      const data = await fs.readFile(abs);
      return { data, mime: file.mime, fileName: file.fileName, size: data.length };
    } catch {
      throw new GatewayError('notFound', 'file is gone');
    }
  }
}

function safeSegment(s: string): string {
  return s.replace(/[^A-Za-z0-9_@.-]/g, '_').replace(/^\.+/, '_') || '_';
}
