/**
 * The sensor panel of an RFSENSOR device's detail in the web app (a UI module, built for the
 * browser into `dist/ui/rtl433.js`): what the sensor is (model, id, channel, battery, signal),
 * its latest readings with units, a graph of each reading over the last hour (per-minute means
 * from its RRD) and the last message rtl_433 printed. The readings come from the same tables
 * the server fills the record from, so a reading added there shows here.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import type { ReadingField } from '../sensor/reading-group.js';
import { RFSENSOR_PHY_NAME } from '../sensor-phy-name.js';
import { LIGHTNING_SENSOR, THERMOMETER, WEATHER_STATION } from '../sensor/sensor-classes.js';

type Entry = Readonly<Record<string, unknown>>;

/** The sensor classes with readings: the sub-record each lives in and its table. */
const READING_CLASSES: readonly { readonly field: string; readonly title: string; readonly table: readonly ReadingField[] }[] = [
  { field: 'sensor.device.thermometer', title: 'Thermometer', table: THERMOMETER },
  { field: 'sensor.device.weatherstation', title: 'Weather station', table: WEATHER_STATION },
  { field: 'sensor.device.lightningsensor', title: 'Lightning sensor', table: LIGHTNING_SENSOR },
];

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const rounded = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Registers the sensor panel with the app. */
export default function registerRtl433Panels(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues, Graph, Table } = ui.components;

  ui.devicePanel({
    phy: RFSENSOR_PHY_NAME,
    title: 'Sensor',
    render: ({ device }: { device: UiDevice }) => {
      const sensor = (device['sensor.device'] ?? {}) as Entry;
      const common = (sensor['sensor.device.common'] ?? {}) as Entry;
      const parts: unknown[] = [
        h(KeyValues, {
          rows: [
            ['Model', text(common['sensor.device.model'])],
            ['Id', text(common['sensor.device.id'])],
            ['Channel', text(common['sensor.device.subchannel'])],
            ['Battery', text(common['sensor.device.battery'])],
            ['RSSI', common['sensor.device.rssi'] ? `${text(common['sensor.device.rssi'])} dB` : ''],
            ['SNR', common['sensor.device.snr'] ? `${text(common['sensor.device.snr'])} dB` : ''],
          ],
        }),
      ];
      for (const sensorClass of READING_CLASSES) {
        const record = sensor[sensorClass.field] as Entry | undefined;
        if (!record) continue;
        const readings = sensorClass.table.filter(({ field }) => typeof record[field] === 'number');
        parts.push(
          h('h3', null, sensorClass.title),
          h(Table, {
            columns: ['Reading', 'Value'],
            rows: readings.map(({ field, quantity }) => [quantity.name, h('span', { 'data-reading': field }, `${rounded(record[field] as number)} ${quantity.unit}`.trim())]),
          }),
          ...readings.map(({ field, quantity }) => {
            const series = ui.rrd(record[`${field}_rrd`] as Entry | undefined, 'hour', true);
            return h(Graph, { title: `${quantity.name}, last hour (mean per minute)`, times: series.times, series: [{ label: quantity.name, unit: quantity.unit, values: series.values }] });
          }),
        );
      }
      const lastRecord = text(common['sensor.device.last_record']);
      if (lastRecord) parts.push(h('h3', null, 'Last message'), h('pre', { class: 'message' }, lastRecord));
      return h('div', { 'data-panel': 'sensor' }, ...parts);
    },
  });
}
