import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Props of {@link StatPie}. */
export interface StatPieProps {
  /** The slices: a name, its share's value, and a colour when it has one (a tag's). */
  slices: { name: string; value: number; color?: string }[];
  dark: boolean;
}

/** Shares of a total (contacts per tag, transfers per state) as a doughnut (ECharts). */
export function StatPie({ slices, dark }: StatPieProps) {
  const option = {
    backgroundColor: 'transparent',
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'vertical', right: 8, top: 16, bottom: 16 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['40%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: slices.map((s) => ({
          name: s.name,
          value: s.value,
          ...(s.color ? { itemStyle: { color: s.color } } : {}),
        })),
      },
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
