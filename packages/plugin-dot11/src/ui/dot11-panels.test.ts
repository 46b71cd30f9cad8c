/**
 * The Wi-Fi panels read only fields the 802.11 PHY registers (the browser test checks the
 * networks panel against tshark; this keeps the other panels' field names honest too), and
 * register the three panels for the IEEE802.11 PHY.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import type { UiModuleApi } from '@svc/core';
import { DOT11_DEVICE_FIELDS } from '../device/fields.js';
import registerDot11Panels from './dot11-panels.js';

/** A panel as a module registers it. */
type Panel = Parameters<UiModuleApi['devicePanel']>[0];

test('every dot11 field the panels read is registered by the 802.11 PHY', () => {
  const source = readFileSync(new URL('./dot11-panels.ts', import.meta.url), 'utf8');
  const read = [...new Set([...source.matchAll(/'(dot11\.[a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]!))];
  const registered = new Set(DOT11_DEVICE_FIELDS.map((field) => field.name));
  assert.ok(read.length >= 20);
  for (const field of read) assert.ok(registered.has(field), `${field} is a registered field`);
});

test('three panels for IEEE802.11 devices; a device with no 802.11 record renders empty tables', () => {
  const panels: Panel[] = [];
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const components = { Table: () => null, Time: () => null, DeviceLink: () => null };
  registerDot11Panels({ h, components, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  assert.equal(panels.map((panel) => [panel.phy, panel.title]), [
    ['IEEE802.11', 'Networks'],
    ['IEEE802.11', 'Clients and access points'],
    ['IEEE802.11', 'WPA handshakes'],
  ]);
  for (const panel of panels) assert.not.throws(() => panel.render({ device: {} }));
});

test('an access point whose handshake frames svc kept links its handshake pcap under the server prefix', () => {
  const panels: Panel[] = [];
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const components = { Table: () => null, Time: () => null, DeviceLink: () => null };
  const Fragment = () => null;
  registerDot11Panels({ h, Fragment, components, url: (path: string) => `/svc/${path}`, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  const handshakes = panels.find((panel) => panel.title === 'WPA handshakes')!;
  const message = { 'dot11.eapol.timestamp': 1, 'dot11.eapol.message_num': 1, 'dot11.eapol.direction': 1, 'dot11.eapol.client': '02:00:00:00:00:01', 'dot11.eapol.replay_counter': 1 };
  const key = '4202770D00000000_F81A67E50562';
  const find = (node: any, testid: string): any => (node?.props?.['data-testid'] === testid ? node : (node?.children ?? []).map((child: any) => find(child, testid)).find(Boolean));
  const withFrames = handshakes.render({ device: { 'svc.device.base.key': key, 'dot11.device': { 'dot11.device.wpa_handshake_list': [{ ...message, 'dot11.eapol.packet': { 'dot11.packet.data': '88' } }] } } });
  assert.is(find(withFrames, 'handshake-pcap')?.props.href, `/svc/phy/phy80211/by-key/${key}/pcap/handshake.pcap`);
  const withoutFrames = handshakes.render({ device: { 'svc.device.base.key': key, 'dot11.device': { 'dot11.device.wpa_handshake_list': [message] } } });
  assert.is(find(withoutFrames, 'handshake-pcap'), undefined, 'no link without kept frames');
});

test("a client's DHCP values show in a table of their own, only when its discovers gave any", () => {
  const panels: Panel[] = [];
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const Table = () => null;
  registerDot11Panels({ h, components: { Table, Time: () => null, DeviceLink: () => null }, devicePanel: (panel: Panel) => panels.push(panel) } as unknown as UiModuleApi);
  const clients = panels.find((panel) => panel.title === 'Clients and access points')!;
  const record = (client: Record<string, unknown>) => ({ 'dot11.device': { 'dot11.device.client_map': { '02:C0:FF:EE:00:01': { 'dot11.client.bssid': '02:C0:FF:EE:00:01', 'dot11.client.type': 2, ...client } } } });
  const tables = (node: any): any[] => [...(node?.type === Table ? [node] : []), ...(node?.children ?? []).flatMap(tables)];
  const dhcp = { 'dot11.client.dhcp_host': 'alice-laptop', 'dot11.client.dhcp_vendor': 'MSFT 5.0', 'dot11.client.dhcp_fingerprint': '1,3,6,15' };
  const withDhcp = tables(clients.render({ device: record(dhcp) }));
  assert.is(withDhcp.length, 3);
  assert.equal(withDhcp[2].props.rows, [['02:C0:FF:EE:00:01', 'alice-laptop', 'MSFT 5.0', '', '1,3,6,15']]);
  assert.is(tables(clients.render({ device: record({}) })).length, 2, 'no DHCP table without DHCP values');
});

test.run();
