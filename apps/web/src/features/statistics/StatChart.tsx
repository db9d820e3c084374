import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { StatResult } from '@cst/shared';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

/** Props of {@link StatChart}. */
export interface StatChartProps {
  days: StatResult['days'];
  /** The figures drawn as lines (totals) and as stacked bars (their parts), with their labels. */
  lines: { key: string; label: string }[];
  bars: { key: string; label: string }[];
  dark: boolean;
}

/** A report's figures over its days: totals as lines, their parts as stacked bars (ECharts). */
export function StatChart({ days, lines, bars, dark }: StatChartProps) {
  const option = {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'axis' },
    // One line that pages when the labels do not fit (long English labels at 1024 px wrapped
    // onto the plot and over the y-axis).
    legend: { top: 0, type: 'scroll' },
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      ...bars.map((b) => ({
        name: b.label,
        type: 'bar',
        stack: 'parts',
        data: days.map((d) => d.values[b.key] ?? 0),
      })),
      ...lines.map((l) => ({
        name: l.label,
        type: 'line',
        smooth: false,
        data: days.map((d) => d.values[l.key] ?? 0),
      })),
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      theme={dark ? 'dark' : undefined}
      style={{ height: 300 }}
    />
  );
}
