import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the list-page kit: toolbar, selection, bulk results, confirmations, export. */
export const listPageTexts: Record<Language, TextTree> = {
  'zh-CN': {
    listPage: {
      selected: '已选 {count} 项',
      clearSelection: '取消选择',
      pickRows: '请先勾选要操作的行',
      bulkTitle: '{action}结果',
      bulkSummary: '{ok} 项成功，{failed} 项失败',
      bulkAllOk: '{ok} 项全部成功',
      bulkFailedRows: '失败的项',
      confirmWord: '请输入 {word} 确认',
      confirmWordMismatch: '请输入 {word}',
      export: '导出',
      exportHint: '按当前筛选条件导出 Excel',
      resetFilters: '清空筛选',
      emptyFiltered: '没有符合筛选条件的数据',
      emptyFilteredHint: '换个条件试试，或清空筛选',
      loadFailed: '加载失败',
      retry: '重试',
      scrollColumns: '左右拖动查看更多列',
      more: '更多',
    },
  },
  en: {
    listPage: {
      selected: '{count} selected',
      clearSelection: 'Clear selection',
      pickRows: 'Select the rows to act on first',
      bulkTitle: '{action}: result',
      bulkSummary: '{ok} succeeded, {failed} failed',
      bulkAllOk: 'All {ok} succeeded',
      bulkFailedRows: 'Failed',
      confirmWord: 'Type {word} to confirm',
      confirmWordMismatch: 'Type {word}',
      export: 'Export',
      exportHint: 'Export the current filter to Excel',
      resetFilters: 'Clear filters',
      emptyFiltered: 'Nothing matches these filters',
      emptyFilteredHint: 'Try other filters, or clear them',
      loadFailed: 'Could not load the list',
      retry: 'Retry',
      scrollColumns: 'Drag to see more columns',
      more: 'More',
    },
  },
};
