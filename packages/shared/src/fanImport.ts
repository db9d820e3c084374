import { z } from 'zod';
import { LANGUAGES, type Text } from './i18n.ts';
import { exportQuery } from './export.ts';

/** Server messages of importing a list of people to add (SPEC §5 file limits, §8 import errors). */
export const fanImportMessages = {
  fanImportTooLarge: { 'zh-CN': '文件大小超过5MB', en: 'The file is over 5MB' },
  fanImportTxtTooLarge: { 'zh-CN': '文件大小超过10MB', en: 'The file is over 10MB' },
  fanImportEmpty: { 'zh-CN': '文件为空', en: 'The file is empty' },
  fanImportNoData: { 'zh-CN': '无数据或格式错误', en: 'No data or wrong format' },
  fanImportBadTemplate: {
    'zh-CN': '导入失败，请检查模板',
    en: 'Import failed, check the template',
  },
  fanImportUnpackedTooLarge: {
    'zh-CN': '文件解压后超过 100MB，无法导入',
    en: 'The file unpacks to more than 100MB and cannot be imported',
  },
  fanImportTooManyRows: {
    'zh-CN': '一次最多导入 {max} 行，请拆分文件后再导入',
    en: 'At most {max} rows can be imported at once; split the file',
  },
  fanImportFileType: {
    'zh-CN': '只能导入 xls、xlsx 或 txt 文件',
    en: 'Only xls, xlsx or txt files can be imported',
  },
  fanImportFileNotFound: {
    'zh-CN': '找不到上传的文件，请重新上传',
    en: 'The uploaded file cannot be found; upload it again',
  },
  fanImportRowTargetRequired: {
    'zh-CN': '手机号或账号不能为空',
    en: 'The phone number or account id is empty',
  },
  fanImportRowBadPhone: { 'zh-CN': '手机号格式不正确', en: 'The phone number is not valid' },
  fanImportRowBadWxid: {
    'zh-CN': '账号格式不正确（6 到 64 位字母、数字、下划线或短横线，以字母开头）',
    en: 'The account id is not valid (6 to 64 letters, digits, _ or -, starting with a letter)',
  },
  fanImportRowFormula: {
    'zh-CN': '单元格是没有计算结果的公式，请粘贴为数值',
    en: 'The cell holds a formula without a value; paste it as a value',
  },
  fanImportRowTooLong: {
    'zh-CN': '{field}长度不能超过 {max}',
    en: '{field} must be at most {max} characters',
  },
  fanImportRowTooManyTags: {
    'zh-CN': '每行最多 {max} 个标签',
    en: 'At most {max} tags a row',
  },
  fanImportRowDuplicate: {
    'zh-CN': '与第 {line} 行重复',
    en: 'Duplicate of line {line}',
  },
  fanImportRowTried: {
    'zh-CN': '之前的任务已添加过该号码',
    en: 'An earlier task already tried this number',
  },
  fanImportColumnGreeting: { 'zh-CN': '打招呼语', en: 'Greeting' },
  fanImportColumnRemark: { 'zh-CN': '备注', en: 'Remark' },
  fanImportColumnTags: { 'zh-CN': '标签', en: 'Tags' },
  fanImportColumnTag: { 'zh-CN': '标签', en: 'Tag' },
} satisfies Record<string, Text>;

/** SPEC §5: contact import xls/xlsx at most 5MB. */
export const FAN_IMPORT_XLSX_MAX_BYTES = 5 * 1024 * 1024;
/** SPEC §5: txt upload at most 10MB. */
export const FAN_IMPORT_TXT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows one import holds (a bigger list is refused with a clear message). */
export const FAN_IMPORT_MAX_ROWS = 100_000;
/** Most rows with a problem a check report lists (the counts are always whole). */
export const FAN_IMPORT_MAX_REPORTED = 200;
/** Longest greeting, remark and tag name of a row (MAX_GREETING_LENGTH, MAX_REMARK_LENGTH). */
export const FAN_IMPORT_MAX_TAG_LENGTH = 32;
/** Most tags on a row (the task's FAN_ROW_MAX_TAGS). */
export const FAN_IMPORT_MAX_TAGS = 20;

/** The file formats an import takes. */
export const FAN_IMPORT_FORMATS = ['xlsx', 'txt'] as const;
export type FanImportFormat = (typeof FAN_IMPORT_FORMATS)[number];

/** What a target is: a phone number (normalised) or a platform id. */
export const FAN_TARGET_KINDS = ['phone', 'wxid'] as const;
export type FanTargetKind = (typeof FAN_TARGET_KINDS)[number];

/** Why a row is not imported. */
export const FAN_IMPORT_ISSUES = ['invalid', 'duplicate', 'tried'] as const;
export type FanImportIssue = (typeof FAN_IMPORT_ISSUES)[number];

/** `GET /task-api/fans/import/template?format=xlsx|txt`: the template, headers in the caller's language. */
export const fanImportTemplateQuery = z
  .object({
    format: z.enum(FAN_IMPORT_FORMATS).default('xlsx'),
    /** The headers' language when the download cannot send Accept-Language. */
    lang: z.enum(LANGUAGES).optional(),
  })
  .extend(exportQuery.shape);
export type FanImportTemplateQuery = z.infer<typeof fanImportTemplateQuery>;

/** `POST /task-api/fans/import/check`: a file the caller uploaded (`/oss-api/{key}`). */
export const fanImportCheckBody = z.object({
  fileUrl: z.string().min(1, { error: 'fansDataRequired' }).max(600),
  /** The name the user picked (for the report and the extension when the key has none). */
  fileName: z.string().max(200).optional(),
});
export type FanImportCheckBody = z.infer<typeof fanImportCheckBody>;

/** A row of the file that will not be sent, and why (reader's language). */
export const fanImportProblem = z.object({
  /** 1-based line of the file (xlsx: the sheet's row number). */
  line: z.number().int(),
  /** The target as written in the file (cut to 64 characters). */
  target: z.string(),
  issue: z.enum(FAN_IMPORT_ISSUES),
  message: z.string(),
});
export type FanImportProblem = z.infer<typeof fanImportProblem>;

/** The check report of an import; `importId` goes to `fans/task/create`. */
export const fanImportReport = z.object({
  importId: z.string(),
  fileName: z.string(),
  format: z.enum(FAN_IMPORT_FORMATS),
  /** Data rows read (header and blank lines not counted). */
  total: z.number().int(),
  /** Rows that will be sent (not invalid, not a duplicate; tried ones only when asked). */
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Valid rows whose target an earlier task of the tenant already tried (the data pool). */
  tried: z.number().int(),
  phones: z.number().int(),
  wxids: z.number().int(),
  /** The first FAN_IMPORT_MAX_REPORTED problem rows, in file order. */
  problems: z.array(fanImportProblem),
  /** Whether more problem rows exist than listed. */
  problemsTruncated: z.boolean(),
  /**
   * Tag names of the file that no tag of the tenant has (the first FAN_IMPORT_MAX_REPORTED, in
   * file order): rows keep their other tags, these are not set. Only on the check's answer.
   */
  unknownTags: z.array(z.string()).optional(),
  createdAt: z.number(),
});
export type FanImportReport = z.infer<typeof fanImportReport>;
