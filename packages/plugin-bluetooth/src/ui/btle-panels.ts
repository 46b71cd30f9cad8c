/**
 * The Bluetooth LE panel of a BTLE device's detail in the web app (a UI module, built for the
 * browser into `dist/ui/btle.js`): the advertised name, address type, manufacturer data with
 * its company id, services, TX power and the advertisement types the device sent.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';

type Entry = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** A Bluetooth SIG company id as the spec writes it (`0x004C`). */
export function companyIdText(id: number): string {
  return `0x${id.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Registers the BTLE panel with the app. */
export default function registerBtlePanels(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues } = ui.components;
  ui.devicePanel({
    phy: 'BTLE',
    title: 'Bluetooth LE',
    render: ({ device }: { device: UiDevice }) => {
      const btle = (device['btle.device'] ?? {}) as Entry;
      const companyId = Number(btle['btle.device.company_id'] ?? 0);
      const services = list(btle['btle.device.service_uuids']);
      const txPower = Number(btle['btle.device.tx_power'] ?? 0);
      return h(
        'div',
        { 'data-panel': 'btle' },
        h(KeyValues, {
          rows: [
            ['Name', text(btle['btle.device.local_name'])],
            ['Address type', text(btle['btle.device.address_type'])],
            ['Connectable', btle['btle.device.connectable'] ? 'yes' : 'no'],
            ['Company', companyId ? `${companyIdText(companyId)}${device['svc.device.base.manuf'] ? ` (${text(device['svc.device.base.manuf'])})` : ''}` : ''],
            ['Manufacturer data', btle['btle.device.manufacturer_data'] ? h('code', null, text(btle['btle.device.manufacturer_data'])) : ''],
            ['Services', services.length ? h('ul', { class: 'plain-list' }, ...services.map((uuid) => h('li', null, h('code', null, uuid)))) : ''],
            ['TX power', txPower ? `${txPower} dBm` : ''],
            ['Advertisement types', list(btle['btle.device.pdu_types']).join(', ')],
          ],
        }),
      );
    },
  });
}
