/**
 * A line graph of series over time (uPlot: small, fast, canvas). Values of `null` are gaps.
 * The chart is made once and fed new data as props change, and follows its container's width.
 */
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLOURS = ['#2f6fde', '#d9822b', '#2e9d5b', '#b83280', '#6b46c1'];

/** One series of a graph. */
export interface GraphSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  readonly unit?: string;
}

/** A graph with a title. */
export function Graph({ title, times, series, height = 140 }: { title: string; times: readonly number[]; series: readonly GraphSeries[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const shape = series.map((entry) => `${entry.label}|${entry.unit ?? ''}`).join(';');

  useEffect(() => {
    const element = box.current!;
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [{ stroke: '#777' }, { stroke: '#777', size: 50 }],
        series: [{}, ...series.map((entry, index) => ({ label: entry.unit ? `${entry.label} (${entry.unit})` : entry.label, stroke: COLOURS[index % COLOURS.length], width: 1.5, spanGaps: false }))],
      },
      [times as number[], ...series.map((entry) => entry.values as (number | null)[])],
      element,
    );
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [shape, height]);

  useEffect(() => {
    chart.current?.setData([times as number[], ...series.map((entry) => entry.values as (number | null)[])]);
  }, [times, series]);

  return (
    <figure class="graph">
      <figcaption>{title}</figcaption>
      <div ref={box} class="graph-box" />
    </figure>
  );
}
