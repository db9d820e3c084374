import { isMessageKey, translate, type FanImportReport, type Language } from '@cst/shared';
import type { FanImportRow, StoredImportProblem } from './fan-import.repository.ts';

/** A problem's message in the reader's language (a column named in `field` is translated too). */
function problemText(p: StoredImportProblem, lang: Language): string {
  if (!isMessageKey(p.key)) return p.key;
  const params = { ...p.params };
  if (typeof params.field === 'string' && isMessageKey(params.field)) {
    params.field = translate(params.field, lang);
  }
  return translate(p.key, lang, params);
}

/** An import's check report (API: `fans/import/check`). */
export function presentImport(row: FanImportRow, lang: Language): FanImportReport {
  return {
    importId: row.id,
    fileName: row.fileName,
    format: row.format,
    total: row.total,
    valid: row.valid,
    invalid: row.invalid,
    duplicates: row.duplicates,
    tried: row.tried,
    phones: row.phones,
    wxids: row.wxids,
    problems: row.problems.map((p) => ({
      line: p.line,
      target: p.target,
      issue: p.issue,
      message: problemText(p, lang),
    })),
    problemsTruncated: row.problemsTruncated,
    createdAt: row.createdAt,
  };
}
