/**
 * Helpers for tests of `/metrics`: the real `promtool check metrics` (Debian `prometheus`) on an
 * exposition, and one series' value read back from it.
 */
import { spawnSync } from 'node:child_process';

/** Runs `promtool check metrics` on an exposition; its exit status and what it printed. */
export function promtoolCheck(text: string): { status: number | null; output: string } {
  const result = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (result.error) throw new Error(`promtool is needed for this test (Debian: apt-get install prometheus): ${result.error.message}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The value of one series (`name{label="value",...}` as written) in an exposition; undefined when absent. */
export function seriesValue(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  return undefined;
}
