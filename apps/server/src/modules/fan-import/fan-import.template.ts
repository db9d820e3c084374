import type { FanImportFormat, Language } from '@cst/shared';
import { TEMPLATE_HEADERS } from './fan-import.parser.ts';
import { lazyImport } from '../../platform/lazy-import.ts';

const loadExcelJs = lazyImport(async () => (await import('exceljs')).default);

const NOTES = {
  'zh-CN': [
    '第一张表的第一行是表头，请勿修改；从第二行起每行一个人。',
    '手机号或账号：必填。手机号支持 +86、空格和短横线，其他国家号码请带 + 和国家码；账号为 6 到 64 位字母、数字、下划线或短横线，以字母开头。',
    '打招呼语：选填，最多 100 字，留空时使用任务的打招呼语。',
    '备注：选填，最多 64 字，添加成功后设为好友备注。',
    '标签：选填，多个标签用逗号或顿号分隔，每行最多 20 个。',
    'xlsx 文件不超过 5MB，txt 文件不超过 10MB（每行用 Tab 分隔各列），一次最多 100000 行。',
  ],
  en: [
    'Row 1 of the first sheet is the header; keep it. From row 2 on, one person a row.',
    'Phone or account id: required. Phone numbers may carry +86, spaces and dashes; numbers of other countries need + and the country code. Account ids are 6 to 64 letters, digits, _ or -, starting with a letter.',
    "Greeting: optional, at most 100 characters; empty uses the task's greeting.",
    'Remark: optional, at most 64 characters; set on the friend once added.',
    'Tags: optional, separated by commas, at most 20 a row.',
    'xlsx files up to 5MB, txt files up to 10MB (columns separated by tabs), at most 100000 rows at once.',
  ],
} as const;

const SHEET_NAMES = {
  'zh-CN': { list: '名单', notes: '说明' },
  en: { list: 'List', notes: 'Notes' },
} as const;

/** The template's file name without extension. */
export function templateName(lang: Language): string {
  return lang === 'en' ? 'friend-list-template' : '加好友导入模板';
}

/** The import template in the caller's language: xlsx (header + notes sheet) or txt (header line). */
export async function templateBytes(format: FanImportFormat, lang: Language): Promise<Buffer> {
  const headers = [...TEMPLATE_HEADERS[lang]];
  if (format === 'txt') return Buffer.from(`${headers.join('\t')}\n`, 'utf8');
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const list = workbook.addWorksheet(SHEET_NAMES[lang].list);
  list.columns = [{ width: 24 }, { width: 40 }, { width: 20 }, { width: 24 }];
  // The target column is text, so Excel keeps leading + and long numbers as typed.
  list.getColumn(1).numFmt = '@';
  const header = list.addRow(headers);
  header.font = { bold: true };
  const notes = workbook.addWorksheet(SHEET_NAMES[lang].notes);
  notes.getColumn(1).width = 100;
  for (const line of NOTES[lang]) notes.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
