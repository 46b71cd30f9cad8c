/**
 * The built-in 802.11 alerts against real Kismet 2025-09-R1. Each capture of the shared data
 * set's `wids/` (made to trigger one alert, or benign) and `dot11/` (real captures) is replayed
 * by a `pcapfile` source into a test service with the capture's config lines, and the alerts
 * svc raised are grouped by header, transmitter, source and destination MAC and channel, and
 * counted, as `X.kismet-alerts.json` groups what Kismet raised reading the same file. The two
 * must be equal; the deliberate differences (the shared data set's `wids/README.md`, and
 * docs/kismet-differences.md) are listed below, so
 * any other difference fails.
 *
 * svc replays at full speed and Kismet's references were made at 100 (wids) or 200 (real
 * captures) frames a second. Throttling runs on the wall clock in both, so counts after
 * throttling agree when all of an alert's events fall within one burst window either way,
 * which holds for these captures. The real captures' references also hold every event with
 * the enabled alerts unthrottled (`alerts_unthrottled`); svc is replayed the same way and must
 * raise the same events, which checks the conditions independently of the replay speed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import dot11Plugin from '../index.js';
import { DOT11_ALERT_DEFINITIONS, IP_DATA_ALERT_DEFINITIONS } from './alert-catalog.js';

interface ReferenceAlert {
  header: string;
  transmitter_mac: string;
  source_mac: string;
  dest_mac: string;
  channel: string;
  count: number;
}

interface Reference {
  frames: number;
  config_lines: string[];
  alerts: ReferenceAlert[];
  alerts_unthrottled?: ReferenceAlert[];
}

/**
 * Alerts svc raises where Kismet does not: those of `header` (and, when given, only the group
 * `group`), `min` to `max` of them in all (with throttling by the wall clock, more replay
 * seconds let more through).
 */
interface Extra {
  readonly header: string;
  readonly group?: string;
  readonly min: number;
  readonly max: number;
  readonly why: string;
}

/**
 * Where svc deliberately differs from Kismet on these captures (docs/kismet-differences.md,
 * "Where svc differs from Kismet").
 */
const DELIBERATE: Readonly<Record<string, readonly Extra[]>> = {
  'chanchange.pcap': [
    {
      header: 'BSSTIMESTAMP',
      group: 'BSSTIMESTAMP 6C:5A:B0:11:8E:20 6C:5A:B0:11:8E:20 FF:FF:FF:FF:FF:FF 0',
      min: 1,
      max: 1,
      why: 'the twin on channel 11 brings its own beacon timer; Kismet evaluates BSSTIMESTAMP only for frames stamped in the first 10 s of 1970',
    },
  ],
  'synthetic_radiotap_10k_seed1.pcap': [
    {
      header: 'MALFORMMGMT',
      min: 1,
      max: 5,
      why: 'the generator’s malformed management frames (Kismet registers MALFORMMGMT but never raises it); the throttle (5/min, 1/sec) lets one through each wall-clock second the replay spans',
    },
  ],
};

/** The same, with the alerts unthrottled: every event. */
const DELIBERATE_UNTHROTTLED: Readonly<Record<string, readonly Extra[]>> = {
  'synthetic_radiotap_10k_seed1.pcap': [{ header: 'MALFORMMGMT', min: 52, max: 52, why: 'one for each of the 52 malformed management frames (tshark flags the same 52)' }],
};

/** `alert=` lines letting every alert enabled by default through unthrottled, as the unthrottled references were made. */
const UNTHROTTLED = [...DOT11_ALERT_DEFINITIONS, ...IP_DATA_ALERT_DEFINITIONS].filter((definition) => !definition.throttle.startsWith('0/')).map((definition) => `${definition.name},100000/min,100000/sec`);

const groupOf = (alert: Omit<ReferenceAlert, 'count'>) => `${alert.header} ${alert.transmitter_mac} ${alert.source_mac} ${alert.dest_mac} ${alert.channel}`;

/** `key=value` config lines to createTestService overrides (repeated keys become lists). */
function configOf(lines: readonly string[]): Record<string, string[]> {
  const config: Record<string, string[]> = {};
  for (const line of lines) {
    const equals = line.indexOf('=');
    (config[line.slice(0, equals)] ??= []).push(line.slice(equals + 1));
  }
  return config;
}

async function alertsOf(path: string, reference: Reference, unthrottled = false): Promise<Map<string, number>> {
  const config = { alertbacklog: '100000', ...configOf(reference.config_lines), ...(unthrottled ? { alert: UNTHROTTLED } : {}) };
  const t = await createTestService({ plugins: [dot11Plugin], config, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(`${path}:name=replay`);
    await waitUntil(`every frame of ${path} is read`, () => source.numPackets >= reference.frames, { timeoutMs: 30_000 });
    const groups = new Map<string, number>();
    for (const alert of t.svc.alerts.all()) {
      const group = groupOf({
        header: alert['svc.alert.header'] as string,
        transmitter_mac: alert['svc.alert.transmitter_mac'] as string,
        source_mac: alert['svc.alert.source_mac'] as string,
        dest_mac: alert['svc.alert.dest_mac'] as string,
        channel: alert['svc.alert.channel'] as string,
      });
      groups.set(group, (groups.get(group) ?? 0) + 1);
    }
    return groups;
  } finally {
    await t.close();
  }
}

function compare(name: string, raised: Map<string, number>, alerts: readonly ReferenceAlert[], deliberate: readonly Extra[] = []): void {
  const expected = new Map(alerts.map((alert) => [groupOf(alert), alert.count]));
  for (const extra of deliberate) {
    let count = 0;
    for (const [group, groupCount] of raised) {
      if (!group.startsWith(`${extra.header} `) || (extra.group !== undefined && group !== extra.group)) continue;
      count += groupCount;
      raised.delete(group);
    }
    assert.ok(count >= extra.min && count <= extra.max, `${name}: expected ${extra.min}-${extra.max} ${extra.group ?? extra.header} (${extra.why}), got ${count}`);
  }
  assert.equal(Object.fromEntries([...raised].sort()), Object.fromEntries([...expected].sort()), `${name}: svc's alerts (header, transmitter, source, destination, channel: count) equal Kismet's`);
}

for (const folder of ['wids', 'dot11']) {
  for (const name of realDataFiles(folder, /\.(pcap|cap)$/)) {
    realDataTest(test, `${folder}/${name}: the alerts equal Kismet 2025-09-R1's`, [`${folder}/${name}`, `${folder}/${name}.kismet-alerts.json`], async () => {
      const path = realDataPath(folder, name);
      const reference = JSON.parse(readFileSync(`${path}.kismet-alerts.json`, 'utf8')) as Reference;
      compare(name, await alertsOf(path, reference), reference.alerts, DELIBERATE[name]);
      if (reference.alerts_unthrottled) compare(`${name} unthrottled`, await alertsOf(path, reference, true), reference.alerts_unthrottled, DELIBERATE_UNTHROTTLED[name]);
    });
  }
}

test.run();
