import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MATERIAL_TYPE,
  MATERIAL_TYPE_OF_MSG,
  type MaterialAddBody,
  type MaterialCard,
  type MaterialFolderItem,
  type MaterialItem,
  type MaterialListResult,
  type MaterialSendBody,
  type RichSendResult,
  materialAddBody,
  type materialEditBody,
  type materialListBody,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { type MessageRow, assertAccountCanSend, visibleMessage } from '../conversations/index.ts';
import { fileOfMessage as filesRepoFileOfMessage, malformedAsInvalid } from '../files/index.ts';
import { type MediaContext, isWebUrl } from '../media/index.ts';
import { isUniqueViolation } from '../users/index.ts';
import { materialDraft } from './material-content.ts';
import { checkMaterialFile, checkUpload, materialKey, type CheckedFile } from './material-files.ts';
import { presentMaterial } from './material.presenter.ts';
import * as repo from './material.repository.ts';

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

function parseCard(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 1024) : undefined);

/** The material library of a tenant: folders, items, uploads, adding from chats and sending. */
export class MaterialService {
  constructor(
    private readonly deps: Uses<'storage'>,
    private readonly ctx: MediaContext,
  ) {}

  /** The tenant's folders with their item counts. */
  async folders(auth: AuthContext): Promise<{ list: MaterialFolderItem[] }> {
    const rows = await repo.foldersWithCounts(this.deps.db, tenantOf(auth));
    return { list: rows.map((f) => ({ id: f.id, name: f.name, count: f.count })) };
  }

  /** Adds a folder; 409 when the name is taken. */
  async addFolder(auth: AuthContext, name: string): Promise<{ id: string }> {
    try {
      return { id: (await repo.insertFolder(this.deps.db, tenantOf(auth), name)).id };
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('materialFolderNameTaken');
      throw err;
    }
  }

  /** Renames a folder. */
  async renameFolder(auth: AuthContext, id: string, name: string): Promise<{ id: string }> {
    try {
      const ok = await repo.renameFolder(this.deps.db, tenantOf(auth), id, name);
      if (!ok) throw fail.notFound('materialFolderNotFound');
      return { id };
    } catch (err) {
      if (isUniqueViolation(err)) throw fail.conflict('materialFolderNameTaken');
      throw err;
    }
  }

  /** Deletes a folder with its items (their files stay: sent messages still show them). */
  async deleteFolder(auth: AuthContext, id: string): Promise<{ id: string }> {
    if (!(await repo.deleteFolder(this.deps.db, tenantOf(auth), id))) {
      throw fail.notFound('materialFolderNotFound');
    }
    return { id };
  }

  private async folder(tenantId: string, id: string) {
    const f = await repo.folderById(this.deps.db, tenantId, id);
    if (!f) throw fail.notFound('materialFolderNotFound');
    return f;
  }

  /** A page of items, newest first, filtered by folder, type and keyword. */
  async list(auth: AuthContext, q: z.output<typeof materialListBody>): Promise<MaterialListResult> {
    const { rows, total } = await repo.listPage(
      this.deps.db,
      tenantOf(auth),
      { folderId: q.folderId, type: q.type, keyword: q.keyword },
      q.page,
      q.pageSize,
    );
    return { list: rows.map(presentMaterial), total };
  }

  /** One item of the caller's tenant (404 otherwise): for features that send material. */
  async get(auth: AuthContext, id: string): Promise<repo.MaterialRow> {
    const row = await repo.itemById(this.deps.db, tenantOf(auth), id);
    if (!row) throw fail.notFound('materialNotFound');
    return row;
  }

  /** Adds a typed-in text, shared link or mini-program. */
  async add(auth: AuthContext, body: z.output<typeof materialAddBody>): Promise<MaterialItem> {
    const tenantId = tenantOf(auth);
    await this.folder(tenantId, body.folderId);
    const base = { tenantId, folderId: body.folderId, type: body.type, createdBy: auth.userId };
    let row: repo.NewMaterial;
    if (body.type === MATERIAL_TYPE.text) {
      row = { ...base, title: body.title ?? '', content: body.content };
    } else {
      row = { ...base, title: body.title, card: cardOf(this.checkedCard(body)) };
    }
    const [saved] = await repo.insertItems(this.deps.db, [row]);
    return presentMaterial(saved!);
  }

  /**
   * Renames or moves an item; a text's content and a link's or mini-program's card may change
   * too, checked as when added (a file's bytes never change: upload a new one).
   */
  async edit(auth: AuthContext, body: z.output<typeof materialEditBody>): Promise<MaterialItem> {
    const tenantId = tenantOf(auth);
    if (body.folderId) await this.folder(tenantId, body.folderId);
    const patch: repo.MaterialPatch = {};
    if (body.title !== undefined) patch.title = body.title.trim();
    if (body.folderId) patch.folderId = body.folderId;
    if (body.content !== undefined || body.card !== undefined || patch.title === '') {
      const current = await repo.itemById(this.deps.db, tenantId, body.id);
      if (!current) throw fail.notFound('materialNotFound');
      const isText = current.type === MATERIAL_TYPE.text;
      const isCard =
        current.type === MATERIAL_TYPE.link || current.type === MATERIAL_TYPE.miniProgram;
      if (patch.title === '' && !isText) throw fail.invalid('materialTitleRequired');
      if (body.content !== undefined) {
        if (!isText) throw fail.invalid('materialFieldNotEditable');
        patch.content = body.content;
      }
      if (body.card !== undefined) {
        if (!isCard) throw fail.invalid('materialFieldNotEditable');
        const added = materialAddBody.safeParse({
          ...body.card,
          type: current.type,
          folderId: current.folderId,
          title: patch.title ?? current.title,
          url: body.card.url ?? '',
          appId: body.card.appId ?? '',
          pagePath: body.card.pagePath ?? '',
        });
        if (!added.success || added.data.type === MATERIAL_TYPE.text) {
          throw fail.invalid(
            current.type === MATERIAL_TYPE.link ? 'linkUrlInvalid' : 'miniAppFieldsRequired',
          );
        }
        patch.card = cardOf(this.checkedCard(added.data));
      }
    }
    const row = await repo.updateItem(this.deps.db, tenantId, body.id, patch);
    if (!row) throw fail.notFound('materialNotFound');
    return presentMaterial(row);
  }

  /** A link's or mini-program's addresses checked as `add` checks them. */
  private checkedCard<T extends Exclude<MaterialAddBody, { type: 1 }>>(body: T): T {
    if ('url' in body && !isWebUrl(body.url)) throw fail.invalid('linkUrlInvalid');
    if (body.thumbUrl && !isWebUrl(body.thumbUrl) && !body.thumbUrl.startsWith('/oss-api/')) {
      throw fail.invalid('linkUrlInvalid');
    }
    return body;
  }

  /** Deletes items; their files stay (sent messages still show them). */
  async remove(auth: AuthContext, ids: string[]): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteItems(this.deps.db, tenantOf(auth), ids) };
  }

  /**
   * `material/upload`: multipart `folderId`, then up to 9 pictures, or one video, voice or
   * document, in `file` parts. All or nothing: a refused file leaves no item and no stored file.
   */
  async upload(auth: AuthContext, req: FastifyRequest): Promise<{ list: MaterialItem[] }> {
    const tenantId = tenantOf(auth);
    if (!req.isMultipart()) throw fail.invalid('uploadNotMultipart');
    const fields: Record<string, string> = {};
    const files: { data: Buffer; name: string }[] = [];
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        files.push({ data: await part.toBuffer(), name: part.filename.slice(0, 255) });
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail.tooLarge('materialFileTooLarge');
      if (code === 'FST_FILES_LIMIT') throw fail.invalid('materialTooManyImages');
      throw malformedAsInvalid(err);
    }
    const folderId = z.guid().safeParse(fields.folderId);
    if (!folderId.success) throw fail.invalid('materialFolderRequired');
    await this.folder(tenantId, folderId.data);
    const checked = await checkUpload(files);
    const stored: string[] = [];
    try {
      const rows: repo.NewMaterial[] = [];
      for (const f of checked) {
        const row = await this.storeFile(tenantId, f);
        stored.push(row.fileKey!);
        rows.push({ ...row, folderId: folderId.data, createdBy: auth.userId });
      }
      const saved = await repo.insertItems(this.deps.db, rows);
      return { list: saved.map(presentMaterial) };
    } catch (err) {
      await Promise.all(stored.map((k) => this.dropFile(k)));
      throw err;
    }
  }

  private async storeFile(tenantId: string, f: CheckedFile) {
    const key = materialKey(tenantId, f.detected.ext);
    const file = await this.ctx.files.store(tenantId, key, f.data, {
      source: 'upload',
      name: f.name,
    });
    return {
      tenantId,
      type: f.type,
      title: f.name,
      fileKey: file.key,
      thumbKey: file.thumbKey,
      fileName: f.name,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      durationMs: f.durationMs,
    };
  }

  private async dropFile(key: string): Promise<void> {
    const storage = this.deps.storage;
    await storage.delete(key).catch(() => undefined);
    await storage.delete(`${key}.thumb.jpg`).catch(() => undefined);
  }

  /**
   * `material/from-message`: a chat message into a folder, by SPEC.md §3's mapping. A contact's
   * file must have been downloaded (cached) first; files meet the same limits as uploads.
   */
  async fromMessage(
    auth: AuthContext,
    body: { folderId: string; messageId: string | number },
  ): Promise<MaterialItem> {
    const tenantId = tenantOf(auth);
    await this.folder(tenantId, body.folderId);
    const { row } = await visibleMessage(this.deps.db, auth, body.messageId);
    const type = MATERIAL_TYPE_OF_MSG[row.msgType];
    if (!type || row.revoked) throw fail.invalid('materialTypeNotAllowed');
    const base = { tenantId, folderId: body.folderId, type, createdBy: auth.userId };
    let item: repo.NewMaterial;
    if (type === MATERIAL_TYPE.text) {
      item = { ...base, content: row.content };
    } else if (type === MATERIAL_TYPE.link || type === MATERIAL_TYPE.miniProgram) {
      const c = parseCard(row.content);
      const body2 = {
        url: str(c.url),
        description: str(c.description),
        thumbUrl: str(c.thumbUrl),
        appId: str(c.appId),
        appName: str(c.appName),
        pagePath: str(c.pagePath),
      };
      item = { ...base, title: str(c.title)?.slice(0, 100) ?? '', card: compact(body2) };
    } else {
      item = { ...base, ...(await this.fileOfMessage(tenantId, row)) };
    }
    const [saved] = await repo.insertItems(this.deps.db, [item]);
    return presentMaterial(saved!);
  }

  private async fileOfMessage(tenantId: string, row: MessageRow) {
    const own = row.fileUrl ? await this.ctx.files.fileOfUrl(tenantId, row.fileUrl) : null;
    const file =
      own && own.source !== 'media'
        ? own
        : await filesRepoFileOfMessage(this.deps.db, tenantId, row.id);
    if (!file) throw fail.conflict('materialDownloadFirst');
    const data = await this.deps.storage.read(file.key);
    if (!data) throw fail.conflict('materialDownloadFirst');
    const name = (row.fileName || row.content || file.key.split('/').pop() || 'file').slice(0, 255);
    let checked: CheckedFile;
    try {
      checked = await checkMaterialFile(data, name);
    } catch (err) {
      // The platform's name may not carry the extension its bytes have.
      if (err instanceof AppError && err.key === 'fileTypeMismatch') {
        checked = await checkMaterialFile(data, `${name}${extOf(file.key)}`);
      } else throw err;
    }
    return this.storeFile(tenantId, checked);
  }

  /** `material/send`: an item into a conversation, through the outbox like any console send. */
  async send(auth: AuthContext, body: MaterialSendBody): Promise<RichSendResult> {
    const item = await this.get(auth, body.materialId);
    const account = await this.ctx.outbox.visibleAccount(auth, body.workWxid);
    assertAccountCanSend(account);
    const { rows } = await this.ctx.outbox.enqueue(
      auth,
      account,
      { talkType: body.talkType, peerId: body.receiver_id },
      [materialDraft(item, body.sendingUUid)],
    );
    const list = rows.map((r) => ({
      messageId: String(r.id),
      requestId: r.requestId!,
      sendingUUid: r.sendingUuid,
    }));
    return { messageId: list[0]!.messageId, requestId: list[0]!.requestId, list };
  }
}

function extOf(key: string): string {
  const m = /\.[a-z0-9]{1,5}$/i.exec(key);
  return m ? m[0] : '';
}

function compact(c: Record<string, string | undefined>): MaterialCard {
  return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as MaterialCard;
}

function cardOf(body: Exclude<MaterialAddBody, { type: 1 }>): MaterialCard {
  if (body.type === MATERIAL_TYPE.link) {
    return compact({ url: body.url, description: body.description, thumbUrl: body.thumbUrl });
  }
  return compact({
    appId: body.appId,
    appName: body.appName,
    pagePath: body.pagePath,
    thumbUrl: body.thumbUrl,
  });
}
