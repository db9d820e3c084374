import type { Readable } from 'node:stream';
import {
  FAN_IMPORT_MAX_REPORTED,
  FAN_IMPORT_XLSX_MAX_BYTES,
  FAN_ROW_MAX_TAGS,
  type FanImportCheckBody,
  type FanImportFormat,
  type FanImportReport,
  type FanTaskRowInput,
  type Language,
} from '@cst/shared';
import type { AuthContext } from '../../platform/auth-context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { Uses } from '../../platform/deps.ts';
import type { AppError } from '../../platform/errors.ts';
import { fail } from '../../platform/errors.ts';
import { triedTargets } from '../fan-tasks/index.ts';
import { fileByKey, keyOfUrl, uploadDir } from '../files/index.ts';
import { groupsWithTags } from '../tags/index.ts';
import { checkRows, placeRows, type PlacedRow, type TriedLookup } from './fan-import.check.ts';
import { importFormatOf, readTxtRows, readXlsxRows } from './fan-import.parser.ts';
import { presentImport } from './fan-import.presenter.ts';
import * as repo from './fan-import.repository.ts';
import { splitTags, type RawRow } from './fan-import.rows.ts';
import { ImportFileError } from './import-file-error.ts';

const TOO_LARGE = new Set(['fanImportTooLarge', 'fanImportTxtTooLarge']);

/** The error a caller reads for a file that cannot be imported: 413 for size, else 400. */
export function importFileFailure(err: ImportFileError): AppError {
  return TOO_LARGE.has(err.key)
    ? fail.tooLarge(err.key, err.params)
    : fail.invalid(err.key, err.params);
}

function tenantOf(auth: AuthContext): string {
  if (!auth.tenantId) throw fail.forbidden();
  return auth.tenantId;
}

function baseName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** Importing lists of people to add: check an upload, keep its report, stream its rows. */
export class FanImportService {
  constructor(private readonly deps: Uses<'storage'>) {}

  private get storage() {
    return this.deps.storage;
  }

  /** The rows of a stored upload, streamed; the format is decided from its bytes. */
  private async openRows(
    key: string,
    size: number,
    name: string,
  ): Promise<{ format: FanImportFormat; rows: AsyncGenerator<RawRow> }> {
    const head = await this.storage.get(key, { start: 0, end: 7 });
    if (!head) throw fail.notFound('fanImportFileNotFound');
    const headBytes = await firstBytes(head.stream);
    const format = importFormatOf(headBytes, size, name);
    if (format === 'xlsx') {
      if (size > FAN_IMPORT_XLSX_MAX_BYTES) throw new ImportFileError('fanImportTooLarge');
      const file = await this.storage.read(key);
      if (!file) throw fail.notFound('fanImportFileNotFound');
      return { format, rows: readXlsxRows(file) };
    }
    const obj = await this.storage.get(key);
    if (!obj) throw fail.notFound('fanImportFileNotFound');
    return { format, rows: readTxtRows(obj.stream as AsyncIterable<Buffer>) };
  }

  /**
   * Checks a file the caller uploaded into their own folder and keeps the report; the report's
   * `importId` creates a task. A file that cannot be read as a list is refused as a whole.
   */
  async check(
    auth: AuthContext,
    body: FanImportCheckBody,
    lang: Language,
  ): Promise<FanImportReport> {
    const tenantId = tenantOf(auth);
    const key = keyOfUrl(body.fileUrl);
    if (!key || !key.startsWith(uploadDir(tenantId, auth.userId))) {
      throw fail.notFound('fanImportFileNotFound');
    }
    const stored = await fileByKey(this.deps.db, tenantId, key);
    if (!stored) throw fail.notFound('fanImportFileNotFound');
    const fileName = body.fileName?.trim() || baseName(key);
    const lookup: TriedLookup = async (targets) =>
      new Set((await triedTargets(this.deps.db, tenantId, targets)).keys());
    try {
      const { format, rows } = await this.openRows(key, stored.size, fileName);
      const named = new Set<string>();
      const outcome = await checkRows(collectTags(rows, named), lookup);
      const row = await repo.insertImport(this.deps.db, {
        tenantId,
        userId: auth.userId,
        fileKey: key,
        fileName: fileName.slice(0, 200),
        format,
        ...outcome,
        createdAt: this.deps.now(),
      });
      const known = await tagsByName(this.deps.db, tenantId);
      const unknownTags = [...named]
        .filter((n) => known([n]).length === 0)
        .slice(0, FAN_IMPORT_MAX_REPORTED);
      return { ...presentImport(row, lang), unknownTags };
    } catch (err) {
      if (err instanceof ImportFileError) throw importFileFailure(err);
      throw err;
    }
  }

  /** The report of an import the caller made; 404 for anyone else's. */
  async report(auth: AuthContext, importId: string, lang: Language): Promise<FanImportReport> {
    const row = await repo.importById(this.deps.db, tenantOf(auth), auth.userId, importId);
    if (!row) throw fail.notFound('fanImportFileNotFound');
    return presentImport(row, lang);
  }

  /**
   * The valid rows of an import the user made, read again from its file in file order (duplicates
   * included: the task engine skips them, and the tried ones, with a reason); null when there is
   * no such import of theirs or its file is gone. This is the task engine's import source.
   */
  async rowsOf(
    db: DbOrTx,
    owner: { tenantId: string; userId: string },
    importId: string,
  ): Promise<FanTaskRowInput[] | null> {
    const { tenantId } = owner;
    const row = await repo.importById(db, tenantId, owner.userId, importId);
    if (!row) return null;
    const stored = await fileByKey(db, tenantId, row.fileKey);
    if (!stored) return null;
    try {
      const { rows } = await this.openRows(row.fileKey, stored.size, row.fileName);
      const tagIdsOf = await tagsByName(db, tenantId);
      const out: FanTaskRowInput[] = [];
      for await (const r of placeRows(rows)) out.push(taskRow(r, tagIdsOf));
      return out;
    } catch (err) {
      // The file changed or vanished since it was checked.
      if (err instanceof ImportFileError) return null;
      throw err;
    }
  }
}

/**
 * The tenant's tags by name: a row names tags, and a name stands for every tag of that name (the
 * same name may be in several groups). Names of no tag are left out.
 */
async function tagsByName(db: DbOrTx, tenantId: string): Promise<(names: string[]) => string[]> {
  const { tags } = await groupsWithTags(db, tenantId);
  const byName = new Map<string, string[]>();
  for (const t of tags) byName.set(t.name, [...(byName.get(t.name) ?? []), t.id]);
  return (names) => [...new Set(names.flatMap((n) => byName.get(n) ?? []))];
}

/** A checked row as the task engine takes it, its tag names as the tenant's tag ids. */
function taskRow(r: PlacedRow, tagIdsOf: (names: string[]) => string[]): FanTaskRowInput {
  const tagIds = tagIdsOf(r.tagNames).slice(0, FAN_ROW_MAX_TAGS);
  return {
    target: r.target,
    ...(r.greeting ? { greeting: r.greeting } : {}),
    ...(r.remark ? { remark: r.remark } : {}),
    ...(tagIds.length ? { tagIds } : {}),
  };
}

/** Passes rows through, adding the tag names they carry to `into`. */
async function* collectTags(rows: AsyncIterable<RawRow>, into: Set<string>) {
  for await (const r of rows) {
    for (const n of splitTags(r.tags)) into.add(n);
    yield r;
  }
}

async function firstBytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
