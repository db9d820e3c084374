import type { Language } from '@cst/shared';
import type { TextTree } from '../../i18n/common.ts';

/** Texts of the statistics reports. */
export const statisticsTexts: Record<Language, TextTree> = {
  'zh-CN': {
    statistics: {
      today: '今天',
      days7: '近 7 天',
      days30: '近 30 天',
      allAccounts: '全部工作号',
      allSeats: '全部坐席',
      account: '工作号',
      day: '日期',
      total: '合计',
      byAccount: '按工作号',
      byDay: '按日期',
      zone: '按 {zone} 时区的自然日统计',
      empty: '所选范围内没有可统计的工作号',
      chartLoading: '图表加载中…',
      zoneLabel: '统计时区',
      zoneConfirmTitle: '改为按 {zone} 时区统计？',
      zoneConfirm: '所有报表将按新时区的自然日重新计算，可能需要几秒钟。',
      zoneSaved: '已改为按 {zone} 时区统计',
    },
  },
  en: {
    statistics: {
      today: 'Today',
      days7: 'Last 7 days',
      days30: 'Last 30 days',
      allAccounts: 'All work accounts',
      allSeats: 'All seats',
      account: 'Work account',
      day: 'Day',
      total: 'Total',
      byAccount: 'By work account',
      byDay: 'By day',
      zone: 'Days counted in the {zone} time zone',
      empty: 'No work account to count in this selection',
      chartLoading: 'Loading the chart…',
      zoneLabel: 'Statistics time zone',
      zoneConfirmTitle: 'Count days in {zone}?',
      zoneConfirm:
        'Every report is recounted by the days of the new zone; this may take a few seconds.',
      zoneSaved: 'Days are now counted in {zone}',
    },
  },
};
