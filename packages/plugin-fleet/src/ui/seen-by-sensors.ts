/**
 * What the app shows of the sensors hearing a device on a fleet view: a "Seen by sensors" panel
 * in the detail of every device (whatever its PHY) listing each sensor by site and node with its
 * own signal, first and last time and packets, the one hearing it best
 * (`svc.device.base.best_seenby`) marked; a "Best sensor" column for the device table; and the
 * best sensor as a line of the map's tooltip for a device (`mapHint`). Sensor names come from
 * `/fleet/sensors.json`; a device no sensor reported (a server that is not a fleet view) gets a
 * one-line panel, an empty cell and no tooltip line.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { SensorNameBook, sensorName, sensorNames, type SensorNodeRecord } from './sensor-names.js';

type Entry = Readonly<Record<string, any>>;

/** How often the sensor names are read again while a panel is open. */
const NAMES_REFRESH_MS = 10_000;
/** How long the column and the map hint wait before asking for names again when they meet a UUID they cannot name. */
const NAMES_RETRY_MS = 10_000;

const COUNT = new Intl.NumberFormat();

/** The seen-by entries that carry their own signal: a fleet view's sensors (a datasource's entry has none). */
export function sensorEntries(device: UiDevice): Entry[] {
  const seenby = Array.isArray(device['svc.device.base.seenby']) ? (device['svc.device.base.seenby'] as Entry[]) : [];
  return seenby.filter((entry) => entry['svc.common.seenby.signal'] !== undefined);
}

/** A signal record's last value with its range, in dBm. */
function signalText(signal: Entry | undefined): string {
  if (!signal) return '';
  return `${signal['svc.common.signal.last_signal']} dBm (${signal['svc.common.signal.min_signal']} to ${signal['svc.common.signal.max_signal']})`;
}

/** Registers the panel, the column and the map hint. */
export function registerSeenBySensors(ui: UiModuleApi): void {
  const { h } = ui;
  const { State, Table, Time } = ui.components;

  ui.devicePanel({
    phy: '*',
    title: 'Seen by sensors',
    render: ({ device }) => {
      const entries = sensorEntries(device);
      const nodes = ui.hooks.usePolled<SensorNodeRecord[]>(() => (entries.length ? ui.get('fleet/sensors.json') : Promise.resolve([])), NAMES_REFRESH_MS, [entries.length > 0]);
      if (!entries.length) return h('p', { class: 'muted', 'data-testid': 'fleet-seenby-none' }, 'No fleet sensor reported this device.');
      const names = sensorNames(nodes.value ?? []);
      const best = String(device['svc.device.base.best_seenby'] ?? '').toUpperCase();
      return h(Table, {
        columns: ['Sensor', 'Signal', 'First seen', 'Last seen', 'Packets'],
        rows: entries.map((entry) => {
          const uuid = entry['svc.common.seenby.uuid'];
          const isBest = String(uuid).toUpperCase() === best;
          return [
            h('span', { 'data-testid': 'fleet-seenby-sensor' }, sensorName(names, uuid), isBest ? ' ' : null, isBest ? h(State, { state: 'best', tone: 'good', testid: 'fleet-seenby-best' }) : null),
            signalText(entry['svc.common.seenby.signal']),
            h(Time, { seconds: Number(entry['svc.common.seenby.first_time']) }),
            h(Time, { seconds: Number(entry['svc.common.seenby.last_time']) }),
            COUNT.format(Number(entry['svc.common.seenby.num_packets'] ?? 0)),
          ];
        }),
      });
    },
  });

  // The column's cells are drawn synchronously, from the names read so far; the map's tooltip
  // line can wait for the read a sensor it cannot name needs.
  const book = new SensorNameBook((path) => ui.get(path), NAMES_RETRY_MS);
  ui.deviceColumns({
    columns: [
      {
        id: 'fleet-best-sensor',
        title: 'Best sensor',
        field: 'svc.device.base.best_seenby',
        width: '10em',
        cell: (uuid) => book.nameNow(uuid),
      },
    ],
  });
  ui.mapHint({
    field: 'svc.device.base.best_seenby',
    text: async (uuid) => (uuid ? `best sensor ${await book.name(uuid)}` : undefined),
  });
}
