import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Spin, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAT_METRIC_LABELS,
  STAT_REPORTS,
  type Language,
  type StatQueryBody,
  type StatReport,
  type StatResult,
} from '@cst/shared';
import {
  ExportButton,
  ListPage,
  SelectFilter,
  useListQuery,
} from '../../components/listPage/index.ts';
import { lazyComponent } from '../../lib/lazyComponent.tsx';
import { accountLabel, accountOptions } from '../../lib/workAccounts/workAccountFilter.ts';
import { useWorkAccounts } from '../../lib/workAccounts/workAccountStore.ts';
import { useWorkAccountsLoaded } from '../conversations/store/useInboxQueries.ts';
import { useSettings } from '../settings/settingsStore.ts';
import { statisticsApi, statisticsKeys } from './api.ts';
import { TimeZoneControl } from './TimeZoneControl.tsx';
import { CHART_METRICS } from './chartMetrics.ts';
import {
  ChartLoading,
  FIGURE_WIDTH,
  formatFigure,
  NAME_WIDTH,
  StatBreakdown,
} from './StatBreakdown.tsx';
import './statistics.css';

// The chart library is large: its chunk starts loading with this page, beside the report's
// request, rather than after the figures came (the chart is drawn once both are in; the cards
// and the table do not wait for it). Loaded by then, it is drawn with the cards.
const StatChart = lazyComponent(
  () => import('./StatChart.tsx').then((m) => m.StatChart),
  <ChartLoading />,
);
void StatChart.preload().catch(() => undefined);

const DAY = 'YYYY-MM-DD';
const FILTERS = ['from', 'to', 'workWxid', 'seatId'] as const;
/**
 * Figures drawn as lines (totals, and the message report's directions); the others of a report
 * are stacked bars (its parts: sources, statuses, message types), rates are not drawn.
 */
const LINE_METRICS = new Set(['total', 'friends', 'sent', 'received']);
const NOT_DRAWN = new Set(['passRate', 'net', 'robot']);

/** The title key of a report's page (the registry's). */
export const statTitleKey = (r: StatReport) => `route.stat${r[0]!.toUpperCase()}${r.slice(1)}`;

/** Today in a time zone (the tenant's), `YYYY-MM-DD`. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

const validDay = (v: string | undefined) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, DAY).isValid() ? v : undefined;

/** A statistics report: range and account filters in the URL, cards, chart, table, export. */
export function StatisticsPage({ report }: { report: StatReport }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'zh-CN') as Language;
  useWorkAccountsLoaded();
  const accounts = useWorkAccounts((s) => s.accounts);
  const dark = !useSettings((s) => s.themeMode);
  const query = useListQuery(FILTERS);
  // No range in the URL: the server counts the last seven days of the tenant's calendar.
  const urlTo = validDay(query.filters.to);
  const urlFrom = validDay(query.filters.from);
  const workWxid = query.filters.workWxid;
  // The service report's seat filter (its rows are seats).
  const seatId = report === 'service' ? query.filters.seatId : undefined;
  const body: StatQueryBody = useMemo(
    () => ({
      ...(urlFrom ? { from: urlFrom } : {}),
      ...(urlTo ? { to: urlTo } : {}),
      ...(workWxid ? { workWxids: [workWxid] } : {}),
      ...(seatId ? { seatIds: [seatId] } : {}),
    }),
    [urlFrom, urlTo, workWxid, seatId],
  );
  const seatsBody = useMemo(() => ({ ...body, seatIds: undefined }), [body]);
  const seats = useQuery({
    queryKey: statisticsKeys.report(report, seatId ? seatsBody : body),
    queryFn: () => statisticsApi.report(report, seatsBody),
    enabled: report === 'service',
  });
  const { data, isFetching } = useQuery({
    queryKey: statisticsKeys.report(report, body),
    queryFn: () => statisticsApi.report(report, body),
    placeholderData: (prev) => prev,
  });
  const label = (m: string) =>
    STAT_METRIC_LABELS[m as keyof typeof STAT_METRIC_LABELS]?.[lang] ?? m;
  const setRange = (a: Dayjs, b: Dayjs) =>
    query.setFilters({ from: a.format(DAY), to: b.format(DAY) });
  const today = data ? dayjs(todayIn(data.timeZone), DAY) : dayjs();
  const from = data?.from ?? urlFrom;
  const to = data?.to ?? urlTo;

  const filters = (
    <>
      <DatePicker.RangePicker
        value={from && to ? [dayjs(from, DAY), dayjs(to, DAY)] : null}
        allowClear={false}
        presets={[
          { label: t('statistics.today'), value: [today, today] },
          { label: t('statistics.days7'), value: [today.subtract(6, 'day'), today] },
          { label: t('statistics.days30'), value: [today.subtract(29, 'day'), today] },
        ]}
        onChange={(r) => r?.[0] && r[1] && setRange(r[0], r[1])}
        data-testid="stat-range"
      />
      <SelectFilter
        query={query}
        name="workWxid"
        placeholder={t('statistics.allAccounts')}
        options={accountOptions(accounts)}
        searchable
        width={200}
        testId="stat-account"
      />
      {report === 'service' && (
        <SelectFilter
          query={query}
          name="seatId"
          placeholder={t('statistics.allSeats')}
          options={(seats.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }))}
          searchable
          width={160}
          testId="stat-seat"
        />
      )}
    </>
  );
  const exportParams = { from, to, workWxids: workWxid, seatIds: seatId };

  return (
    <ListPage
      title={t(statTitleKey(report))}
      testId={`stat-${report}`}
      filters={filters}
      actions={
        <>
          {data && <TimeZoneControl timeZone={data.timeZone} />}
          <ExportButton
            url={statisticsApi.exportUrl(report)}
            params={exportParams}
            testId="stat-export"
          />
        </>
      }
    >
      <Spin spinning={isFetching && !!data}>
        {data ? <Report report={report} data={data} dark={dark} label={label} /> : <Spin />}
      </Spin>
    </ListPage>
  );
}

function Report({
  report,
  data,
  dark,
  label,
}: {
  report: StatReport;
  data: StatResult;
  dark: boolean;
  label: (m: string) => string;
}) {
  const { t } = useTranslation();
  const drawn = data.metrics.filter((m) => !NOT_DRAWN.has(m));
  const custom = CHART_METRICS[report];
  const lines = (custom?.lines ?? drawn.filter((m) => LINE_METRICS.has(m))).map((key) => ({
    key,
    label: label(key),
  }));
  const bars = (
    custom?.bars ?? drawn.filter((m) => !LINE_METRICS.has(m) && !(m === 'sent' || m === 'total'))
  ).map((key) => ({ key, label: label(key) }));
  const columns = [
    {
      key: 'account',
      title: t('statistics.account'),
      width: NAME_WIDTH,
      fixed: 'left' as const,
      render: (_: unknown, a: StatResult['accounts'][number]) =>
        `${accountLabel({ ...a, wxid: a.workWxid })}${a.remark || a.nickname ? ` (${a.workWxid})` : ''}`,
    },
    ...data.metrics.map((m) => ({
      key: m,
      title: label(m),
      width: FIGURE_WIDTH,
      align: 'right' as const,
      render: (_: unknown, a: StatResult['accounts'][number]) => formatFigure(m, a.values[m] ?? 0),
    })),
  ];
  return (
    <div className="stat-report">
      <Row gutter={[12, 12]} className="stat-cards">
        {data.metrics.map((m) => (
          <Col key={m} xs={12} sm={8} lg={4}>
            <Card size="small" data-testid={`stat-card-${m}`}>
              <Statistic title={label(m)} value={formatFigure(m, data.summary[m] ?? 0)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" className="stat-chart" data-testid="stat-chart">
        <StatChart days={data.days} lines={lines} bars={bars} dark={dark} />
      </Card>
      <StatBreakdown report={report} data={data} dark={dark} label={label} />
      <Table
        size="small"
        rowKey="workWxid"
        columns={columns}
        dataSource={data.accounts}
        pagination={data.accounts.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: NAME_WIDTH + FIGURE_WIDTH * data.metrics.length }}
        locale={{ emptyText: t('statistics.empty') }}
        summary={() =>
          data.accounts.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('statistics.total')}</Table.Summary.Cell>
              {data.metrics.map((m, i) => (
                <Table.Summary.Cell key={m} index={i + 1} align="right">
                  {formatFigure(m, data.summary[m] ?? 0)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
        data-testid="stat-table"
      />
      <Typography.Text type="secondary" className="stat-zone">
        {t('statistics.zone', { zone: data.timeZone })}
      </Typography.Text>
    </div>
  );
}

/** One page component per report, for the route registry. */
export const STAT_PAGES = Object.fromEntries(
  STAT_REPORTS.map((r) => {
    const Page = () => <StatisticsPage report={r} />;
    Page.displayName = `StatisticsPage(${r})`;
    return [r, Page];
  }),
) as unknown as Record<StatReport, () => React.JSX.Element>;
