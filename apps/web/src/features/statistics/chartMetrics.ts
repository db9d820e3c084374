import type { StatReport } from '@cst/shared';

/**
 * The figures a report's day chart draws, where the default (totals as lines, the other counts
 * as stacked bars) would mix units: seconds, amounts, hours.
 */
export const CHART_METRICS: Partial<Record<StatReport, { lines: string[]; bars: string[] }>> = {
  service: {
    lines: ['served', 'sent', 'received', 'unanswered', 'assigned', 'resolved'],
    bars: [],
  },
  label: { lines: ['contacts'], bars: ['added', 'removed'] },
  eft: { lines: ['total'], bars: ['initiated', 'expired', 'accepted', 'returned'] },
  redpacket: { lines: ['total'], bars: ['sent', 'received'] },
  login: { lines: [], bars: ['logins', 'logouts', 'bans', 'kickouts'] },
};
