/**
 * The Bluetooth LE panel of a BTLE device's detail in the web app (a UI module, built for the
 * browser into `dist/ui/btle.js`): the advertised name, address type (and a random address's
 * kind), the kind of advertiser recognised with trackers marked, the appearance in words, the
 * manufacturer data with its company named, services by name and their data, TX power and path
 * loss, the advertisement types the device sent, and its RSSI over time.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';
import { appearanceName } from './appearance-names.js';
import { companyText, level, list, panelParts, text, type Entry } from './panel-parts.js';
import { rssiHistoryGraph } from './rssi-history.js';

/** An appearance value in words with its number (`Watch: Smartwatch (0x00C2)`), '' for none. */
export function appearanceText(appearance: number): string {
  if (!appearance) return '';
  const number = `0x${appearance.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = appearanceName(appearance);
  return name ? `${name} (${number})` : number;
}

/** Registers the BTLE panel with the app. */
export default function registerBtlePanels(ui: UiModuleApi): void {
  const { h, Fragment } = ui;
  const { KeyValues, State } = ui.components;
  const parts = panelParts(ui);
  const RssiGraph = rssiHistoryGraph(ui);
  ui.devicePanel({
    phy: 'BTLE',
    title: 'Bluetooth LE',
    render: ({ device }: { device: UiDevice }) => {
      const btle = (device['btle.device'] ?? {}) as Entry;
      const addressType = text(btle['btle.device.address_type']);
      const randomKind = text(btle['btle.device.random_kind']);
      const advertiser = text(btle['btle.device.advertiser']);
      const tracker = btle['btle.device.tracker'] === 1;
      const companyId = Number(btle['btle.device.company_id'] ?? 0);
      const manufacturerData = text(btle['btle.device.manufacturer_data']);
      const txPower = Number(btle['btle.device.tx_power'] ?? 0);
      const lastSignal = Number((device['svc.device.base.signal'] as Entry | undefined)?.['svc.common.signal.last_signal'] ?? 0);
      const services = list(btle['btle.device.service_uuids']);
      const solicited = list(btle['btle.device.solicitation_uuids']);
      const serviceData = (btle['btle.device.service_data'] ?? {}) as Entry;
      const blocks: unknown[] = [
        h(KeyValues, {
          rows: [
            ['Name', text(btle['btle.device.local_name'])],
            ['Address type', randomKind ? `${addressType} (${randomKind})` : addressType],
            ['Kind', tracker ? h(Fragment, null, `${advertiser} `, h(State, { state: 'tracker', tone: 'bad', testid: 'btle-tracker' })) : advertiser],
            ['Appearance', appearanceText(Number(btle['btle.device.appearance'] ?? 0))],
            ['Connectable', btle['btle.device.connectable'] ? 'yes' : 'no'],
            ['Companies', list(btle['btle.device.company_ids']).map(Number).map(companyText).join(', ')],
            ['Manufacturer data', companyId || manufacturerData ? h(Fragment, null, `${companyText(companyId)}: `, parts.hex(manufacturerData) || '(empty)') : ''],
            ['TX power', level(txPower, 'dBm')],
            ['Path loss', txPower && lastSignal ? `${txPower - lastSignal} dB` : ''],
            ['Advertisement types', list(btle['btle.device.pdu_types']).join(', ')],
          ],
        }),
        h('h3', null, `Services (${services.length})`),
        parts.services(services, 'none advertised'),
      ];
      if (solicited.length) blocks.push(h('h3', null, 'Solicited services'), parts.services(solicited, 'none'));
      if (Object.keys(serviceData).length) blocks.push(h('h3', null, 'Service data'), parts.serviceData(serviceData));
      blocks.push(h('h3', null, 'RSSI over time'), h(RssiGraph, { device }));
      return h('div', { 'data-panel': 'btle' }, ...blocks);
    },
  });
}
