import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { axisTicks, type DayPoint } from '../utils/day-series.ts';
import './day-chart.css';

/**
 * A report's day chart (issue 32, decision 0087: visx, SVG through React), loaded apart from the
 * page (React.lazy in day-charts.tsx) after the tables, so no page's first load carries it. The
 * image is named by its summary (the lowest and highest day); its figures are the by-day table.
 */
export interface DayChartProps {
  points: readonly DayPoint[];
  shape: 'line' | 'bars';
  /** What the values are: the value axis ticks at round counts or whole units of time. */
  kind: 'count' | 'duration';
  /** The summary the image is announced with. */
  label: string;
  /** A value on the y axis ("2 min", "12"); a day on the x axis ("Nov 3"). */
  formatValue: (value: number) => string;
  formatDay: (date: string) => string;
}

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 72 };
/** Day labels at most this many, evenly spread: 90 would overlap. */
const DAY_TICKS = 8;

export default function DayChart({ points, shape, kind, label, formatValue, formatDay }: DayChartProps) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const dates = points.map((point) => point.date);
  const x = scaleBand<string>({ domain: dates, range: [0, innerWidth], padding: shape === 'bars' ? 0.2 : 0 });
  const ticks = axisTicks(Math.max(0, ...points.map((point) => point.value ?? 0)), kind);
  const y = scaleLinear<number>({ domain: [0, ticks.at(-1)!], range: [innerHeight, 0] });
  const every = Math.max(1, Math.ceil(dates.length / DAY_TICKS));
  const centre = (date: string) => (x(date) ?? 0) + x.bandwidth() / 2;
  return (
    <svg className="day-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {shape === 'bars' ? (
          points.map((point) =>
            point.value ? (
              <Bar key={point.date} className="day-chart__bar" x={x(point.date)} y={y(point.value)} width={x.bandwidth()} height={innerHeight - y(point.value)} />
            ) : null,
          )
        ) : (
          <>
            {/* A day without a value is a gap in the line, not a fall to 0. */}
            <LinePath<DayPoint> className="day-chart__line" data={[...points]} x={(point) => centre(point.date)} y={(point) => y(point.value ?? 0)} defined={(point) => point.value !== null} />
            {points.map((point) => (point.value === null ? null : <circle key={point.date} className="day-chart__point" cx={centre(point.date)} cy={y(point.value)} r={3} />))}
          </>
        )}
        <AxisLeft scale={y} tickValues={ticks} tickFormat={(value) => formatValue(Number(value))} axisClassName="day-chart__axis" />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={dates.filter((_, index) => index % every === 0)}
          tickFormat={(date) => formatDay(String(date))}
          axisClassName="day-chart__axis"
        />
      </Group>
    </svg>
  );
}
