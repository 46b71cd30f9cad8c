/**
 * svc's DHCP capture (`test-data/dot11/svc-dhcp-clients.pcap`, synthetic/dhcp-scene.ts) against
 * its references. No capture of the shared data set carries DHCP (tshark finds none), so this one
 * was made for it, and real Kismet being absent here, the alerts expected are those Kismet
 * 2025-09-R1's source raises on it, each with the lines that raise it.
 *
 * - Every DHCP message svc decodes is what tshark reads (`.tshark-dhcp.json`): addresses, ports,
 *   BOOTP operation, hardware address, given address, and the options svc keeps.
 * - Replayed by a `pcapfile` source, each station's client record of each access point carries
 *   the host name, vendor class, client identifier and parameter request list of the last
 *   broadcast discover it sent there (taken from tshark's reading), as Kismet keeps the first two.
 * - The alerts, all DHCP alerts unthrottled (throttling runs on the wall clock, and the replay
 *   takes well under a second), equal Kismet's plus svc's deliberate additions.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createLogger, formatMac } from '@svc/core';
import { createTestService, projectDataPath, waitUntil } from '@svc/core/testing';
import { Dot11Alert } from './alerts/alert-catalog.js';
import dot11Plugin from './index.js';
import { decodeDot11 } from './parse/decode.js';
import { formatIpv4 } from './parse/ip-data.js';
import { readAll } from './pcap/capture-readers.test-helper.js';
import type { TsharkDhcpMessage, TsharkDhcpReference } from './reference/tshark-dhcp.js';
import { DHCP_CAPTURE, dhcpReferenceName, DHCP_SCENE } from './synthetic/index.js';

const capture = projectDataPath('dot11', DHCP_CAPTURE.name);
const reference = JSON.parse(readFileSync(projectDataPath('dot11', dhcpReferenceName(DHCP_CAPTURE.name)), 'utf8')) as TsharkDhcpReference;
const lower = (mac: number | undefined) => (mac === undefined ? '' : formatMac(mac).toLowerCase());
const hexBytes = (hex: string) => Buffer.from(hex, 'hex');
/** An option's text as svc keeps it: UTF-8 without trailing NULs. */
const optionText = (hex: string | undefined) => (hex === undefined ? undefined : hexBytes(hex).toString('utf8').replace(/\0+$/, '') || undefined);

/** What svc keeps of a DHCP message, in tshark's terms. */
function fromTshark(message: TsharkDhcpMessage) {
  const { options } = message;
  return {
    bssid: message.bssid,
    sa: message.sa,
    da: message.da,
    ip_src: message.ip_src,
    ports: [message.udp_srcport, message.udp_dstport],
    op: message.op,
    chaddr: message.chaddr,
    yiaddr: message.yiaddr,
    messageType: options['53'] === undefined ? 0 : hexBytes(options['53'])[0],
    hostName: optionText(options['12']),
    vendorClass: optionText(options['60']),
    clientId: options['61']?.match(/../g)!.join(':'),
    parameterRequestList: options['55'] === undefined ? undefined : [...hexBytes(options['55'])].join(','),
    leaseSeconds: options['51'] === undefined ? undefined : hexBytes(options['51']).readUInt32BE(0),
  };
}

test("every DHCP message svc decodes is tshark's reading of it", async () => {
  const { frames } = await readAll(capture);
  assert.is(frames.length, reference.frames_total);
  const decoded = frames.flatMap((captured, index) => {
    const frame = decodeDot11(captured.data, captured.linkType);
    const { ip, header } = frame;
    if (ip?.dhcp === undefined || header === undefined) return [];
    const { dhcp } = ip;
    return [
      [
        index + 1,
        {
          bssid: lower(header.bssid),
          sa: lower(header.source),
          da: lower(header.destination),
          ip_src: formatIpv4(ip.source),
          ports: [ip.sourcePort, ip.destinationPort],
          op: dhcp.op,
          chaddr: lower(dhcp.clientMac),
          yiaddr: formatIpv4(dhcp.yourAddress),
          messageType: dhcp.messageType,
          hostName: dhcp.hostName,
          vendorClass: dhcp.vendorClass,
          clientId: dhcp.clientId,
          parameterRequestList: dhcp.parameterRequestList,
          leaseSeconds: dhcp.leaseSeconds,
        },
      ],
    ];
  });
  assert.equal(Object.fromEntries(decoded), Object.fromEntries(reference.dhcp.map((message) => [message.frame, fromTshark(message)])));
  assert.is(decoded.length, 13, 'the scene sends 13 DHCP messages');
});

/** Kismet's view of the capture: the last non-empty value of each broadcast discover, per station and access point. */
function expectedClientRecords(): Record<string, Record<string, string>> {
  const records: Record<string, Record<string, string>> = {};
  for (const message of reference.dhcp) {
    const kept = fromTshark(message);
    if (kept.messageType !== 1 || message.da !== 'ff:ff:ff:ff:ff:ff' || message.udp_srcport !== 68) continue;
    const record = (records[`${message.sa.toUpperCase()} in ${message.bssid.toUpperCase()}`] ??= {});
    for (const [field, value] of [
      ['dot11.client.dhcp_host', kept.hostName],
      ['dot11.client.dhcp_vendor', kept.vendorClass],
      ['dot11.client.dhcp_client_id', kept.clientId],
      ['dot11.client.dhcp_fingerprint', kept.parameterRequestList],
    ] as const) {
      if (value !== undefined) record[field] = value;
    }
  }
  return records;
}

/** Kismet 2025-09-R1 on this capture, read from its source: header, transmitter, source, destination, channel. */
const KISMET_RAISES: readonly (readonly [string, string, string, string, string, string])[] = [
  // phy_80211.cc 4104-4123: the vendor class of Alice's discover (frame 13) differs from the last one in the same client record.
  [Dot11Alert.DHCPOSCHANGE, DHCP_SCENE.accessPoints[0].bssid, DHCP_SCENE.alice, 'ff:ff:ff:ff:ff:ff', '0', 'frame 13'],
  // phy_80211.cc 4126-4145: the host name of Alice's discover (frame 11) differs; frame 14 goes through the second access point, another client record.
  [Dot11Alert.DHCPNAMECHANGE, DHCP_SCENE.accessPoints[0].bssid, DHCP_SCENE.alice, 'ff:ff:ff:ff:ff:ff', '0', 'frame 11'],
  // kis_dissector_ipdata.cc 414-425: Dave's discover (frame 18) carries seven client identifier options; the first names another MAC.
  [Dot11Alert.DHCPCLIENTID, DHCP_SCENE.accessPoints[0].bssid, DHCP_SCENE.dave, 'ff:ff:ff:ff:ff:ff', '0', 'frame 18'],
  // Nothing for Erin: kis_dissector_ipdata.cc 373-412 reads only discovers to the broadcast address, so her discover to the server (frame 22) and her request (frame 23) are not compared.
];

/** What svc raises beyond Kismet here, on purpose (docs/kismet-differences.md). */
const SVC_ALSO_RAISES: readonly (readonly [string, string, string, string, string, string])[] = [
  // Bob's discover (frame 17) names Carol's MAC in its one client identifier; Kismet counts seven options before it looks.
  [Dot11Alert.DHCPCLIENTID, DHCP_SCENE.accessPoints[0].bssid, DHCP_SCENE.bob, 'ff:ff:ff:ff:ff:ff', '0', 'frame 17'],
  // Alice was given 192.168.7.23 (frame 6) and sends from 192.168.7.99 (frame 8); Kismet defines DHCPCONFLICT but never raises it.
  [Dot11Alert.DHCPCONFLICT, DHCP_SCENE.accessPoints[0].bssid, DHCP_SCENE.alice, DHCP_SCENE.server.mac, '0', 'frame 8'],
];

test("replayed: the client records hold the last broadcast discover's values, and the alerts are Kismet's plus svc's additions", async () => {
  const unthrottled = ['DHCPCLIENTID', 'DHCPCONFLICT', 'DHCPNAMECHANGE', 'DHCPOSCHANGE'].map((name) => `${name},100000/min,100000/sec`);
  const t = await createTestService({ plugins: [dot11Plugin], config: { alert: unthrottled }, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add(`${capture}:name=dhcp`);
    await waitUntil('the DHCP capture is replayed', () => source.numPackets >= reference.frames_total);
    const records: Record<string, Record<string, string>> = {};
    for (const device of t.svc.devices.devices()) {
      const clientMap = (t.svc.devices.record(device) as Record<string, any>)['dot11.device']?.['dot11.device.client_map'] ?? {};
      for (const [bssid, client] of Object.entries(clientMap as Record<string, Record<string, unknown>>)) {
        const dhcp = Object.fromEntries(Object.entries(client).filter(([field]) => field.startsWith('dot11.client.dhcp_')));
        if (Object.keys(dhcp).length > 0) records[`${formatMac(device.mac)} in ${bssid}`] = dhcp as Record<string, string>;
      }
    }
    assert.equal(records, expectedClientRecords());
    assert.equal(records[`${DHCP_SCENE.alice.toUpperCase()} in ${DHCP_SCENE.accessPoints[0].bssid.toUpperCase()}`], {
      'dot11.client.dhcp_host': 'alice-laptop',
      'dot11.client.dhcp_vendor': 'MSFT 5.0',
      'dot11.client.dhcp_client_id': '01:3c:22:fb:44:55:66',
      'dot11.client.dhcp_fingerprint': '1,3,6,15,31,33,43,44,46,47,119,121,249,252',
    });
    const raised = t.svc.alerts.all().map((alert) => [alert['svc.alert.header'], alert['svc.alert.transmitter_mac'], alert['svc.alert.source_mac'], alert['svc.alert.dest_mac'], alert['svc.alert.channel']].join(' '));
    const expected = [...KISMET_RAISES, ...SVC_ALSO_RAISES].map(([header, transmitter, sourceMac, dest, channel]) => [header, transmitter.toUpperCase(), sourceMac.toUpperCase(), dest.toUpperCase(), channel].join(' '));
    assert.equal(raised.sort(), expected.sort());
  } finally {
    await t.close();
  }
});

test.run();
