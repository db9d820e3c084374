import { STAT_METRIC_LABELS, type Language, type StatResult } from '@cst/shared';
import { text, type XlsxColumn } from '../../platform/xlsx-export.ts';

/** A row of a report's export: a day, the range's total, or a work account. */
export interface StatExportRow {
  label: string;
  values: Record<string, number>;
}

/** The columns of a report's export: what the row is, then each figure. */
export function statExportColumns(result: StatResult): XlsxColumn<StatExportRow>[] {
  return [
    { header: text('日期 / 工作号', 'Day / work account'), width: 28, value: (r) => r.label },
    ...result.metrics.map((m): XlsxColumn<StatExportRow> => ({
      header: STAT_METRIC_LABELS[m as keyof typeof STAT_METRIC_LABELS],
      kind: 'number',
      width: 14,
      value: (r) => r.values[m] ?? 0,
    })),
  ];
}

/** The export's rows: every day, the total, every work account, then every seat or tag. */
export async function* statExportRows(
  result: StatResult,
  lang: Language,
): AsyncIterable<StatExportRow> {
  for (const d of result.days) yield { label: d.day, values: d.values };
  yield { label: text('合计', 'Total')[lang], values: result.summary };
  for (const a of result.accounts) {
    const name = a.remark || a.nickname;
    yield { label: name ? `${name} (${a.workWxid})` : a.workWxid, values: a.values };
  }
  const kind = result.rowKind === 'tag' ? text('标签', 'Tag') : text('坐席', 'Seat');
  for (const r of result.rows ?? []) yield { label: `${kind[lang]}: ${r.name}`, values: r.values };
}
