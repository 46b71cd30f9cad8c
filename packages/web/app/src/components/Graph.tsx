/**
 * A line graph of series over time (uPlot: small, fast, canvas). Values of `null` are gaps.
 * The chart is made once and fed new data as props change, and follows its container's width.
 * uPlot's code is a chunk of its own, fetched when a graph is first shown: the app's first
 * code to run (the shell, and the UI modules' API that offers graphs) does not carry it.
 */
import { useEffect, useRef } from 'preact/hooks';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

let loadingUplot: Promise<typeof uPlot> | undefined;
/** uPlot's constructor, imported once. */
const loadUplot = () => (loadingUplot ??= import('uplot').then((module) => module.default));

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
  const data = (): uPlot.AlignedData => [times as number[], ...series.map((entry) => entry.values as (number | null)[])];
  // The data of the latest render, which the chart starts with once uPlot has come.
  const latestData = useRef(data);
  latestData.current = data;

  useEffect(() => {
    const element = box.current!;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let removed = false;
    loadUplot().then(
      (UPlot) => {
        if (removed) return;
        plot = new UPlot(
          {
            width: Math.max(200, element.clientWidth),
            height,
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [{ stroke: '#777' }, { stroke: '#777', size: 50 }],
            series: [{}, ...series.map((entry, index) => ({ label: entry.unit ? `${entry.label} (${entry.unit})` : entry.label, stroke: COLOURS[index % COLOURS.length], width: 1.5, spanGaps: false }))],
          },
          latestData.current(),
          element,
        );
        chart.current = plot;
        const shown = plot;
        resize = new ResizeObserver(() => shown.setSize({ width: Math.max(200, element.clientWidth), height }));
        resize.observe(element);
      },
      (error: unknown) => (element.textContent = `the graph could not load: ${error instanceof Error ? error.message : String(error)}`),
    );
    return () => {
      removed = true;
      resize?.disconnect();
      plot?.destroy();
      chart.current = null;
    };
  }, [shape, height]);

  useEffect(() => {
    chart.current?.setData(data());
  }, [times, series]);

  return (
    <figure class="graph">
      <figcaption>{title}</figcaption>
      <div ref={box} class="graph-box" />
    </figure>
  );
}
