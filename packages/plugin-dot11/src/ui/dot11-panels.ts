/**
 * The Wi-Fi panels of a device's detail in the web app (part of the plugin's UI module, built into
 * `dist/ui/dot11.js`, served by svc, loaded by the app after login). An access point shows the
 * SSIDs it advertises with their encryption and channel, and its associated clients; a client
 * shows the networks it probes for, the access points it talked to and what its DHCP discovers
 * said there (host name, vendor class, client identifier, fingerprint); any device shows the
 * WPA handshake messages svc captured.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';

type Entry = Readonly<Record<string, unknown>>;

/** A list field as entries, whether the record holds it as a vector or a map. */
function entriesOf(value: unknown): Entry[] {
  if (Array.isArray(value)) return value as Entry[];
  if (value && typeof value === 'object') return Object.values(value) as Entry[];
  return [];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** `dot11.client.type` in words. */
const CLIENT_RELATION: Readonly<Record<number, string>> = { 1: 'from wired', 2: 'to wired', 3: 'within the BSS', 4: 'associated', 5: 'ad-hoc' };
/** `dot11.eapol.direction` in words. */
const EAPOL_DIRECTION: Readonly<Record<number, string>> = { 1: 'from the access point', 2: 'to the access point' };

/** Registers the Wi-Fi panels with the app. */
export default function registerDot11Panels(ui: UiModuleApi): void {
  const { h } = ui;
  const { Table, Time, DeviceLink } = ui.components;
  const dot11 = (device: UiDevice) => (device['dot11.device'] ?? {}) as Entry;

  const ssidName = (ssid: unknown, cloaked = false) => (cloaked ? h('span', { class: 'muted' }, '(hidden)') : text(ssid) || h('span', { class: 'muted' }, '(empty)'));

  ui.devicePanel({
    phy: 'IEEE802.11',
    title: 'Networks',
    render: ({ device }) => {
      const record = dot11(device);
      const advertised = [...entriesOf(record['dot11.device.advertised_ssid_map']), ...entriesOf(record['dot11.device.responded_ssid_map'])];
      const probed = entriesOf(record['dot11.device.probed_ssid_map']);
      const parts: unknown[] = [];
      if (advertised.length || !probed.length) {
        parts.push(
          h('h3', null, 'Advertised SSIDs'),
          h(Table, {
            columns: ['SSID', 'Encryption', 'Channel', 'Seen in', 'Last seen'],
            rows: advertised.map((ssid) => [
              ssidName(ssid['dot11.advertisedssid.ssid'], Boolean(ssid['dot11.advertisedssid.cloaked'])),
              text(ssid['dot11.advertisedssid.crypt_string']),
              text(ssid['dot11.advertisedssid.channel']),
              ssid['dot11.advertisedssid.probe_response'] && !ssid['dot11.advertisedssid.beacon'] ? 'probe responses' : 'beacons',
              h(Time, { seconds: Number(ssid['dot11.advertisedssid.last_time'] ?? 0) }),
            ]),
            empty: 'no SSID advertised',
          }),
        );
      }
      if (probed.length) {
        parts.push(
          h('h3', null, 'Probed SSIDs'),
          h(Table, {
            columns: ['SSID', 'Encryption', 'Last seen'],
            rows: probed.map((ssid) => [ssidName(ssid['dot11.probedssid.ssid']), text(ssid['dot11.probedssid.crypt_string']), h(Time, { seconds: Number(ssid['dot11.probedssid.last_time'] ?? 0) })]),
          }),
        );
      }
      return h('div', { 'data-panel': 'dot11-networks' }, ...parts);
    },
  });

  ui.devicePanel({
    phy: 'IEEE802.11',
    title: 'Clients and access points',
    render: ({ device }) => {
      const record = dot11(device);
      const associated = Object.entries((record['dot11.device.associated_client_map'] ?? {}) as Record<string, string>);
      const accessPoints = entriesOf(record['dot11.device.client_map']);
      const lastBssid = text(record['dot11.device.last_bssid']);
      return h(
        'div',
        { 'data-panel': 'dot11-clients' },
        h('h3', null, `Associated clients (${associated.length})`),
        h(Table, { columns: ['Client'], rows: associated.map(([mac, key]) => [h(DeviceLink, { deviceKey: key }, mac)]), empty: 'no associated clients' }),
        h('h3', null, 'Access points it talked to'),
        h(Table, {
          columns: ['BSSID', 'Role', 'Data', 'Last seen'],
          rows: accessPoints.map((client) => [
            client['dot11.client.bssid_key'] ? h(DeviceLink, { deviceKey: String(client['dot11.client.bssid_key']) }, text(client['dot11.client.bssid'])) : text(client['dot11.client.bssid']),
            CLIENT_RELATION[Number(client['dot11.client.type'])] ?? text(client['dot11.client.type']),
            `${Number(client['dot11.client.datasize'] ?? 0)} bytes`,
            h(Time, { seconds: Number(client['dot11.client.last_time'] ?? 0) }),
          ]),
          empty: lastBssid && lastBssid !== '00:00:00:00:00:00' ? `last BSSID ${lastBssid}` : 'none',
        }),
        ...dhcpTable(accessPoints),
      );
    },
  });

  /** What the station's DHCP discovers said, per access point, when they said anything. */
  function dhcpTable(accessPoints: readonly Entry[]): unknown[] {
    const fields = ['dot11.client.dhcp_host', 'dot11.client.dhcp_vendor', 'dot11.client.dhcp_client_id', 'dot11.client.dhcp_fingerprint'];
    const discovered = accessPoints.filter((client) => fields.some((field) => client[field] !== undefined));
    if (!discovered.length) return [];
    return [
      h('h3', null, 'DHCP'),
      h(Table, {
        columns: ['BSSID', 'Host name', 'Vendor class', 'Client identifier', 'Requested options (fingerprint)'],
        rows: discovered.map((client) => [text(client['dot11.client.bssid']), ...fields.map((field) => text(client[field]))]),
      }),
    ];
  }

  ui.devicePanel({
    phy: 'IEEE802.11',
    title: 'WPA handshakes',
    render: ({ device }) => {
      const messages = entriesOf(dot11(device)['dot11.device.wpa_handshake_list']);
      const kept = messages.some((message) => message['dot11.eapol.packet'] !== undefined);
      const table = h(Table, {
        columns: ['Time', 'Message', 'Direction', 'Client', 'Replay counter'],
        rows: messages.map((message) => [
          h(Time, { seconds: Number(message['dot11.eapol.timestamp'] ?? 0) }),
          `${text(message['dot11.eapol.message_num'])} of 4`,
          EAPOL_DIRECTION[Number(message['dot11.eapol.direction'])] ?? text(message['dot11.eapol.direction']),
          text(message['dot11.eapol.client']),
          text(message['dot11.eapol.replay_counter']),
        ]),
        empty: 'no handshake captured',
      });
      if (!kept) return table;
      const key = text(device['svc.device.base.key']);
      // The frames svc kept, with the network's beacon, as a pcap for aircrack-ng or hashcat.
      const download = h('a', { href: ui.url(`phy/phy80211/by-key/${key}/pcap/handshake.pcap`), download: `${key}-handshake.pcap`, 'data-testid': 'handshake-pcap' }, 'download the handshakes (pcap)');
      return h(ui.Fragment, null, table, h('p', null, download));
    },
  });
}
