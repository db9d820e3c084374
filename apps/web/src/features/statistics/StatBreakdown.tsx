import { Card, Col, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatReport, StatResult, StatRow } from '@cst/shared';
import { lazyComponent } from '../../lib/lazyComponent.tsx';

/**
 * Widths of a report table's name column and of each figure: the widest report (会话记录, 11
 * figures) fits 1440 px without a sideways scroll; a long header wraps instead.
 */
export const NAME_WIDTH = 170;
export const FIGURE_WIDTH = 86;

/** What a chart's or a pie's place shows while its code loads. */
export function ChartLoading() {
  const { t } = useTranslation();
  return <div className="stat-chart-fallback">{t('statistics.chartLoading')}</div>;
}

// Loaded with the page (16 KB beside the chart's library), so that a pie is drawn with the
// figures rather than after a fallback.
const StatPie = lazyComponent(
  () => import('./StatPie.tsx').then((m) => m.StatPie),
  <ChartLoading />,
);
void StatPie.preload().catch(() => undefined);

/** The transfer states whose shares the transfer report's pie shows. */
const EFT_STATES = ['initiated', 'expired', 'accepted', 'returned'];

/** Whether a figure is an amount or hours: shown with two decimals. */
export const isDecimal = (m: string) => /amount$/i.test(m) && m !== 'unknownAmount';
/** Cards and cells: amounts with two decimals, hours and seconds as they come. */
export const formatFigure = (m: string, v: number) =>
  isDecimal(m) ? v.toFixed(2) : m === 'onlineHours' ? v.toFixed(2) : String(v);

/** Props of {@link StatBreakdown}. */
export interface StatBreakdownProps {
  report: StatReport;
  data: StatResult;
  dark: boolean;
  label: (m: string) => string;
}

/**
 * What a report shows besides the days and accounts: the shares as a pie (tags, transfer
 * states) and the table by seat (`service`) or tag (`label`).
 */
export function StatBreakdown({ report, data, dark, label }: StatBreakdownProps) {
  const { t } = useTranslation();
  const slices =
    report === 'label'
      ? (data.rows ?? [])
          .filter((r) => (r.values.contacts ?? 0) > 0)
          .map((r) => ({
            name: r.name,
            value: r.values.contacts ?? 0,
            color: r.color || undefined,
          }))
      : report === 'eft'
        ? EFT_STATES.map((s) => ({ name: label(s), value: data.summary[s] ?? 0 }))
        : null;
  const rows = data.rows;
  if (!slices && !rows) return null;
  const kind = data.rowKind === 'tag' ? 'tag' : 'seat';
  const columns = [
    {
      key: 'name',
      title: t(kind === 'tag' ? 'statistics.tag' : 'statistics.seat'),
      width: NAME_WIDTH,
      fixed: 'left' as const,
      render: (_: unknown, r: StatRow) =>
        kind === 'tag' ? (
          <span>
            <Tag color={r.color || undefined}>{r.name}</Tag>
            <span className="stat-row-group">{r.group}</span>
          </span>
        ) : (
          r.name
        ),
    },
    ...data.metrics.map((m) => ({
      key: m,
      title: label(m),
      width: FIGURE_WIDTH,
      align: 'right' as const,
      render: (_: unknown, r: StatRow) => formatFigure(m, r.values[m] ?? 0),
    })),
  ];
  const hasSlices = !!slices && slices.some((s) => s.value > 0);
  return (
    <Row gutter={[12, 12]}>
      {slices && (
        <Col xs={24} xl={rows ? 10 : 24}>
          <Card size="small" title={t(`statistics.share.${report}`)} data-testid="stat-pie">
            {hasSlices ? (
              <StatPie slices={slices} dark={dark} />
            ) : (
              <div className="stat-chart-fallback">{t('statistics.noShare')}</div>
            )}
          </Card>
        </Col>
      )}
      {rows && (
        <Col xs={24} xl={slices ? 14 : 24}>
          <Card
            size="small"
            title={t(kind === 'tag' ? 'statistics.byTag' : 'statistics.bySeat')}
            data-testid="stat-rows"
          >
            <Table
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={rows}
              pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              scroll={{ x: NAME_WIDTH + FIGURE_WIDTH * data.metrics.length }}
              locale={{
                emptyText: t(kind === 'tag' ? 'statistics.noTags' : 'statistics.noSeats'),
              }}
            />
          </Card>
        </Col>
      )}
    </Row>
  );
}
