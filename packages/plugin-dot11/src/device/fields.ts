/**
 * Every field of the `dot11.device` sub-record and of the records nested in it, with type and
 * description, as `/system/tracked_fields.html`, `prettyjson` and field simplification need
 * them. Names follow kismet-reference 4.6 with the `svc` spelling.
 */
import type { FieldDefinition, FieldType } from '@svc/core';

const f = (name: string, type: FieldType, description: string): FieldDefinition => ({ name, type, description });

/** Fields directly inside `dot11.device`. */
const DEVICE_FIELDS: readonly FieldDefinition[] = [
  f('dot11.device.typeset', 'uint64_t', 'access point roles seen, as Kismet sets them: 1 beacon AP, 2 ad-hoc (IBSS), 256 probe-responding AP'),
  f('dot11.device.client_map', 'map[mac_addr,dot11_client]', 'access points this station is a client of, by BSSID'),
  f('dot11.device.num_client_aps', 'uint64_t', 'number of access points in client_map'),
  f('dot11.device.advertised_ssid_map', 'vector[dot11_advertisedssid]', 'networks advertised in beacons'),
  f('dot11.device.num_advertised_ssids', 'uint64_t', 'number of advertised networks'),
  f('dot11.device.responded_ssid_map', 'vector[dot11_advertisedssid]', 'networks answered for in probe responses'),
  f('dot11.device.num_responded_ssids', 'uint64_t', 'number of responded networks'),
  f('dot11.device.probed_ssid_map', 'vector[dot11_probedssid]', 'networks asked for in probe requests'),
  f('dot11.device.num_probed_ssids', 'uint64_t', 'number of probed networks'),
  f('dot11.device.associated_client_map', 'map[mac_addr,devicekey]', 'stations of this access point: MAC to device key'),
  f('dot11.device.num_associated_clients', 'uint64_t', 'number of stations in associated_client_map'),
  f('dot11.device.client_disconnects', 'uint64_t', 'deauthentication and disassociation frames in this BSS'),
  f('dot11.device.client_disconnects_last', 'uint64_t', 'time of the last disconnect, Unix seconds'),
  f('dot11.device.num_retries', 'uint64_t', 'data frames sent as retries'),
  f('dot11.device.datasize', 'uint64_t', 'bytes of data frames sent'),
  f('dot11.device.datasize_retry', 'uint64_t', 'bytes of data frames sent as retries'),
  f('dot11.device.last_bssid', 'mac_addr', 'BSSID of the last BSS the device took part in'),
  f('dot11.device.wpa_handshake_list', 'vector[dot11_eapol]', 'EAPOL-Key messages of WPA handshakes in this BSS (last 16)'),
  f('dot11.device.last_beaconed_ssid_record', 'object', 'the advertised network of the last beacon'),
  f('dot11.device.last_probed_ssid_record', 'object', 'the network of the last probe request'),
  f('dot11.device.ssid_beacon_packet', 'object', 'the last beacon or probe response of the network, kept once it has handshakes (for the handshake pcap)'),
];

/** Fields shared by the advertised and probed SSID records, under their own prefix. */
const wps = (prefix: string): FieldDefinition[] => [
  f(`${prefix}.wps_version`, 'uint8_t', 'WPS version'),
  f(`${prefix}.wps_state`, 'uint8_t', 'WPS state: 1 not configured, 2 configured'),
  f(`${prefix}.wps_manuf`, 'string', 'WPS manufacturer'),
  f(`${prefix}.wps_device_name`, 'string', 'WPS device name'),
  f(`${prefix}.wps_model_name`, 'string', 'WPS model name'),
  f(`${prefix}.wps_model_number`, 'string', 'WPS model number'),
  f(`${prefix}.wps_serial_number`, 'string', 'WPS serial number'),
];

const ADVERTISED_SSID_FIELDS: readonly FieldDefinition[] = [
  f('dot11.advertisedssid.ssid', 'string', 'network name'),
  f('dot11.advertisedssid.ssidlen', 'uint32_t', 'length of the SSID element in bytes'),
  f('dot11.advertisedssid.ssid_hash', 'uint64_t', 'hash of the SSID bytes'),
  f('dot11.advertisedssid.beacon', 'uint8_t', '1 when seen in a beacon'),
  f('dot11.advertisedssid.probe_response', 'uint8_t', '1 when seen in a probe response'),
  f('dot11.advertisedssid.channel', 'string', 'channel from the DS parameter set, else the radio'),
  f('dot11.advertisedssid.ht_mode', 'string', 'HT/VHT mode (HT20, HT40+, HT40-, VHT80, VHT160)'),
  f('dot11.advertisedssid.channel_width', 'uint64_t', 'channel width in MHz'),
  f('dot11.advertisedssid.first_time', 'uint64_t', 'first time advertised, Unix seconds'),
  f('dot11.advertisedssid.last_time', 'uint64_t', 'last time advertised, Unix seconds'),
  f('dot11.advertisedssid.cloaked', 'uint8_t', '1 when the SSID is hidden (empty or NUL bytes)'),
  f('dot11.advertisedssid.crypt_set', 'uint64_t', 'encryption bitfield (Kismet crypt_* bits)'),
  f('dot11.advertisedssid.crypt_bitfield', 'uint64_t', 'encryption bitfield (same bits as crypt_set)'),
  f('dot11.advertisedssid.crypt_string', 'string', 'encryption summary (Open, WEP, WPA2-PSK, WPA3-SAE, ...)'),
  f('dot11.advertisedssid.maxrate', 'double', 'fastest advertised legacy rate, Mb/s'),
  f('dot11.advertisedssid.beaconrate', 'uint32_t', 'beacons per second the beacon interval promises'),
  f('dot11.advertisedssid.beacons_sec', 'uint32_t', 'beacons seen in the last whole second'),
  f('dot11.advertisedssid.dot11d_country', 'string', 'country code of the 802.11d element'),
  f('dot11.advertisedssid.ie_tag_list', 'vector[uint8_t]', 'element tags of the last frame, in order'),
  ...wps('dot11.advertisedssid'),
];

const PROBED_SSID_FIELDS: readonly FieldDefinition[] = [
  f('dot11.probedssid.ssid', 'string', 'network name asked for (empty: any)'),
  f('dot11.probedssid.ssidlen', 'uint32_t', 'length of the SSID element in bytes'),
  f('dot11.probedssid.bssid', 'mac_addr', 'BSSID the request was sent to'),
  f('dot11.probedssid.first_time', 'uint64_t', 'first time probed, Unix seconds'),
  f('dot11.probedssid.last_time', 'uint64_t', 'last time probed, Unix seconds'),
  f('dot11.probedssid.crypt_set', 'uint64_t', 'encryption bitfield the request offered'),
  f('dot11.probedssid.crypt_bitfield', 'uint64_t', 'encryption bitfield (same bits as crypt_set)'),
  f('dot11.probedssid.crypt_string', 'string', 'encryption summary the request offered'),
  f('dot11.probedssid.ie_tag_list', 'vector[uint8_t]', 'element tags of the last request, in order'),
  ...wps('dot11.probedssid'),
];

const CLIENT_FIELDS: readonly FieldDefinition[] = [
  f('dot11.client.bssid', 'mac_addr', 'BSSID of the access point'),
  f('dot11.client.bssid_key', 'devicekey', 'device key of the access point'),
  f('dot11.client.first_time', 'uint64_t', 'first frame in this BSS, Unix seconds'),
  f('dot11.client.last_time', 'uint64_t', 'last frame in this BSS, Unix seconds'),
  f('dot11.client.type', 'uint32_t', 'relation: 1 from wired, 2 to wired, 3 intra-BSS, 4 established, 5 ad-hoc'),
  f('dot11.client.datasize', 'uint64_t', 'bytes of data in this BSS'),
  f('dot11.client.datasize_retry', 'uint64_t', 'bytes of retried data in this BSS'),
  f('dot11.client.num_retries', 'uint64_t', 'retried data frames in this BSS'),
  f('dot11.client.decrypted', 'uint8_t', '1 when svc decrypted its traffic (never: svc holds no keys)'),
  f('dot11.client.dhcp_host', 'string', 'host name (DHCP option 12) of its last DHCP discover in this BSS that named one'),
  f('dot11.client.dhcp_vendor', 'string', 'vendor class (DHCP option 60: the DHCP client or operating system) of its last DHCP discover in this BSS that had one'),
  f('dot11.client.dhcp_client_id', 'string', 'client identifier (DHCP option 61) as hex bytes, type first, of its last DHCP discover in this BSS that had one'),
  f('dot11.client.dhcp_fingerprint', 'string', 'parameter request list (DHCP option 55) of its last DHCP discover in this BSS that had one: option codes in its order, comma-separated, which identifies the operating system'),
];

const EAPOL_FIELDS: readonly FieldDefinition[] = [
  f('dot11.eapol.timestamp', 'double', 'capture time, Unix seconds'),
  f('dot11.eapol.client', 'mac_addr', 'station of the handshake'),
  f('dot11.eapol.direction', 'uint8_t', '1 from the access point, 2 to it'),
  f('dot11.eapol.message_num', 'uint8_t', 'message of the 4-way handshake (1-4)'),
  f('dot11.eapol.replay_counter', 'uint64_t', 'key replay counter'),
  f('dot11.eapol.rsnpmkid', 'uint8_t', '1 when the message carries a PMKID'),
  f('dot11.eapol.packet', 'object', 'the frame of the message (for the handshake pcap)'),
];

const PACKET_FIELDS: readonly FieldDefinition[] = [
  f('dot11.packet.ts_sec', 'uint64_t', 'capture time, Unix seconds'),
  f('dot11.packet.ts_usec', 'uint64_t', 'microseconds of the capture time'),
  f('dot11.packet.data', 'string', 'the 802.11 frame, without radiotap or PPI header, in hex'),
];

/** Every field of the dot11 device sub-record. */
export const DOT11_DEVICE_FIELDS: readonly FieldDefinition[] = [...DEVICE_FIELDS, ...ADVERTISED_SSID_FIELDS, ...PROBED_SSID_FIELDS, ...CLIENT_FIELDS, ...EAPOL_FIELDS, ...PACKET_FIELDS];
