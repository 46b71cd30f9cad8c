/**
 * The Bluetooth panel of a Classic (BR/EDR) device's detail in the web app (a UI module, built
 * for the browser into `dist/ui/bluetooth.js`): its class of device in words (major and minor
 * class, service classes), the kind of device recognised, where its name came from and how it
 * was seen, its TX power and path loss, its manufacturer data with the company named, the
 * services of its extended inquiry response by name, and its RSSI over time.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { companyText, level, list, panelParts, text, type Entry } from './panel-parts.js';
import { rssiHistoryGraph } from './rssi-history.js';

/** `bluetooth.device.name_source` in words. */
const NAME_SOURCES: Readonly<Record<string, string>> = { eir: 'extended inquiry response', remote_name: 'remote name request', adapter: 'host adapter' };

/** `bluetooth.device.report_kinds` in words. */
const REPORT_KINDS: Readonly<Record<string, string>> = {
  inquiry_result: 'inquiry result',
  inquiry_result_with_rssi: 'inquiry result with RSSI',
  extended_inquiry_result: 'extended inquiry result',
  remote_name: 'remote name request',
  adapter: 'host adapter',
  scan_report: 'phone scan report',
};

/** A class of device as the assigned numbers write it (`0x5A020C`). */
export function classOfDeviceText(cod: number): string {
  return `0x${cod.toString(16).toUpperCase().padStart(6, '0')}`;
}

/** Registers the Classic Bluetooth panel with the app. */
export default function registerBluetoothPanels(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues } = ui.components;
  const parts = panelParts(ui);
  const RssiGraph = rssiHistoryGraph(ui);
  ui.devicePanel({
    phy: 'Bluetooth',
    title: 'Bluetooth',
    render: ({ device }: { device: UiDevice }) => {
      const bluetooth = (device['bluetooth.device'] ?? {}) as Entry;
      const cod = Number(bluetooth['bluetooth.device.class_of_device'] ?? 0);
      const companies = list(bluetooth['bluetooth.device.company_ids']).map(Number);
      const services = list(bluetooth['bluetooth.device.service_uuid_vec']);
      const solicited = list(bluetooth['bluetooth.device.solicitation_uuid_vec']);
      const serviceData = (bluetooth['bluetooth.device.service_data_bytes'] ?? {}) as Entry;
      const nameSource = text(bluetooth['bluetooth.device.name_source']);
      const blocks: unknown[] = [
        h(KeyValues, {
          rows: [
            ['Class of device', cod ? `${text(bluetooth['bluetooth.device.major_class'])} / ${text(bluetooth['bluetooth.device.minor_class'])} (${classOfDeviceText(cod)})` : ''],
            ['Service classes', list(bluetooth['bluetooth.device.service_classes']).join(', ')],
            ['Kind', text(bluetooth['bluetooth.device.advertiser'])],
            ['Name from', NAME_SOURCES[nameSource] ?? nameSource],
            ['Seen in', list(bluetooth['bluetooth.device.report_kinds']).map((kind) => REPORT_KINDS[kind] ?? kind).join(', ')],
            ['TX power', level(bluetooth['bluetooth.device.txpower'], 'dBm')],
            ['Path loss', level(bluetooth['bluetooth.device.pathloss'], 'dB')],
            ['Companies', companies.map(companyText).join(', ')],
            ['Manufacturer data', parts.hex(text(bluetooth['bluetooth.device.manufacturer_data']))],
          ],
        }),
        h('h3', null, `Services (${services.length})`),
        parts.services(services, 'none advertised'),
      ];
      if (solicited.length) blocks.push(h('h3', null, 'Solicited services'), parts.services(solicited, 'none'));
      if (Object.keys(serviceData).length) blocks.push(h('h3', null, 'Service data'), parts.serviceData(serviceData));
      blocks.push(h('h3', null, 'RSSI over time'), h(RssiGraph, { device }));
      return h('div', { 'data-panel': 'bluetooth' }, ...blocks);
    },
  });
}
