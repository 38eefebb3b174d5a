import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DayChart, { type DayChartProps } from './day-chart.tsx';

/** The chart as its SVG markup (React's server renderer: the unit project has no DOM). */
const markup = (props: Partial<DayChartProps>) =>
  renderToStaticMarkup(
    createElement(DayChart, {
      points: [],
      shape: 'bars',
      kind: 'count',
      label: 'Firings per day, Nov 27 – 30, 2026: lowest 0 on Nov 28, highest 5 on Nov 29.',
      formatValue: (value) => `v${value}`,
      formatDay: (date) => `d${date.slice(8)}`,
      ...props,
    }),
  );
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const points = [
  { date: '2026-11-27', value: 2 },
  { date: '2026-11-28', value: 0 },
  { date: '2026-11-29', value: 5 },
  { date: '2026-11-30', value: null },
];

describe('the day chart (visx)', () => {
  it('is one image named by its summary, its parts hidden in it', () => {
    const svg = markup({ points });
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('aria-label="Firings per day, Nov 27 – 30, 2026: lowest 0 on Nov 28, highest 5 on Nov 29."');
    expect(count(svg, /role="img"/g)).toBe(1);
  });

  it('draws a bar a day with a value above 0, and the axes in the words it is given', () => {
    const svg = markup({ points });
    expect(count(svg, /class="[^"]*day-chart__bar/g)).toBe(2);
    // Whole numbers from 0 past the highest (axisTicks), each day named.
    for (const tick of ['v0', 'v2', 'v4', 'v6']) expect(svg).toContain(`>${tick}<`);
    for (const day of ['d27', 'd28', 'd29', 'd30']) expect(svg).toContain(`>${day}<`);
  });

  it('draws a line with a point a day with a value, broken where a day has none', () => {
    const gap = [points[0]!, { date: '2026-11-28', value: null }, points[2]!, { date: '2026-11-30', value: 5 }];
    const svg = markup({ points: gap, shape: 'line', kind: 'duration' });
    expect(count(svg, /class="day-chart__point"/g)).toBe(3);
    const line = /<path class="[^"]*day-chart__line" d="([^"]*)"/.exec(svg)![1]!;
    // Two runs: the 27th alone, then the 29th to the 30th (a move-to each).
    expect(count(line, /M/g)).toBe(2);
  });
});
