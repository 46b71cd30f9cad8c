/**
 * The sensor panel of an RFSENSOR device's detail in the web app (a UI module, built for the
 * browser into `dist/ui/rtl433.js`): what the sensor is (model, id, channel, battery, signal),
 * the latest readings of each class with units (thermometer, moisture, weather station,
 * lightning, air quality) and a graph of each over the last hour (per-minute means from its
 * RRD), the last values of the tyre report, switches and Insteon fields, and the last message
 * rtl_433 printed. Everything shown comes from the same tables the server fills the record
 * from, so a reading added there shows here.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { RFSENSOR_PHY_NAME } from '../sensor-phy-name.js';
import { READING_CLASSES, VALUE_CLASSES } from '../sensor/sensor-classes.js';

type Entry = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const rounded = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** The battery as words: rtl_433's `battery_ok` (as Kismet keeps it) is 1 for good, 0 for low, a fraction for a level; text as it is. */
export function batteryWords(battery: string): string {
  if (battery === '' || !Number.isFinite(Number(battery))) return battery;
  const level = Number(battery);
  return level >= 1 ? 'OK' : level <= 0 ? 'low' : `${Math.round(level * 100)} %`;
}

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
            ['Battery', batteryWords(text(common['sensor.device.battery']))],
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
      for (const valueClass of VALUE_CLASSES) {
        const record = sensor[valueClass.field] as Entry | undefined;
        if (!record) continue;
        const values = valueClass.table.filter(({ field }) => record[field] !== undefined);
        parts.push(
          h('h3', null, valueClass.title),
          h('div', { 'data-values': valueClass.field }, h(KeyValues, { rows: values.map(({ field, label, unit }) => [label, `${text(record[field])} ${unit ?? ''}`.trim()]) })),
        );
      }
      const lastRecord = text(common['sensor.device.last_record']);
      if (lastRecord) parts.push(h('h3', null, 'Last message'), h('pre', { class: 'message' }, lastRecord));
      return h('div', { 'data-panel': 'sensor' }, ...parts);
    },
  });
}
