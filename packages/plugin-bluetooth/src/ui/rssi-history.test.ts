/**
 * The RSSI a panel keeps between the detail's refreshes: overlapping minutes of the signal RRD
 * merge into one series by second, with gaps where nothing was heard, half an hour at most; a
 * device of another key starts over; without a history or a level the panel says so.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RSSI_KEPT_SECONDS, RssiHistory, rssiHistoryGraph } from './rssi-history.js';
import { elements, standInApi, textOf } from './panel-render.test-helper.js';

/** A minute as `ui.rrd` reads it, ending at `last`, with levels at the given seconds. */
function minute(last: number, levels: Readonly<Record<number, number>>): { times: number[]; values: (number | null)[] } {
  const times = Array.from({ length: 60 }, (_, index) => last - 59 + index);
  return { times, values: times.map((time) => levels[time] ?? null) };
}

test('minutes read two seconds apart merge by second, with gaps, and keep half an hour', () => {
  const history = new RssiHistory('A');
  const add = ({ times, values }: ReturnType<typeof minute>) => history.add(times, values);
  add(minute(1000, { 950: -70, 999: -60 }));
  add(minute(1002, { 999: -60, 1001: -50 }));
  const series = history.series();
  assert.is(series.times[0], 950);
  assert.is(series.times.at(-1), 1002);
  assert.equal(series.values.filter((value) => value !== null), [-70, -60, -50]);
  assert.is(series.values.length, 53);
  assert.equal(history.range(), { min: -70, max: -50 });
  assert.is(history.heardSeconds, 3);
  add(minute(950 + RSSI_KEPT_SECONDS, {}));
  assert.is(history.heardSeconds, 2, 'the level of second 950 is half an hour old');
});

test('the graph keeps the history between renders of one device and starts over for another', () => {
  const minutes = [minute(1000, { 990: -80 }), minute(1030, { 1025: -55 })];
  let read = 0;
  const { ui, components, rendering } = standInApi(() => minutes[Math.min(read++, minutes.length - 1)]!);
  const RssiGraph = rssiHistoryGraph(ui);
  const signal = { 'svc.common.signal.signal_rrd': {} };
  const render = (key: string) => {
    rendering();
    return elements(RssiGraph({ device: { 'svc.device.base.key': key, 'svc.device.base.signal': signal } }));
  };
  render('A');
  const tree = render('A');
  const graph = tree.find((element) => element.type === components.Graph)!;
  assert.is(graph.props!.times[0], 990);
  assert.is(graph.props!.times.at(-1), 1030);
  assert.equal(graph.props!.series[0].values.filter((value: number | null) => value !== null), [-80, -55]);
  assert.match(textOf(tree.find((element) => element.props?.['data-rssi'] === 'summary')), /^-80 to -55 dBm, heard in 2 of the last 41 seconds;/);
  const other = render('B').find((element) => element.type === components.Graph)!;
  assert.equal(other.props!.series[0].values.filter((value: number | null) => value !== null), [-55], 'device B has its own history');
});

test('without a signal history, or a level in it, the panel says so', () => {
  const { ui } = standInApi(() => minute(1000, {}));
  const RssiGraph = rssiHistoryGraph(ui);
  assert.is(textOf(RssiGraph({ device: { 'svc.device.base.key': 'A' } })), 'svc keeps no signal history (track_device_rrds is off)');
  assert.is(textOf(RssiGraph({ device: { 'svc.device.base.key': 'A', 'svc.device.base.signal': { 'svc.common.signal.signal_rrd': {} } } })), 'not heard since the minute before this detail opened');
});

test.run();
