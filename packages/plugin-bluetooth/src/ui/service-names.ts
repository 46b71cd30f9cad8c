/**
 * Readable names of the 16-bit service UUIDs devices advertise most, so the web app shows
 * "Serial Port" or "Google Fast Pair" beside `1101` or `FE2C`: the Classic profiles (the
 * assigned numbers' service classes), the common GATT services, and the member UUIDs the SIG
 * assigned to companies, named by what they are used for where that is well known and else by
 * the company. Records hold 16-bit UUIDs as four upper-case hex digits; any other UUID has no
 * name here.
 */
const SERVICE_NAMES: Readonly<Record<string, string>> = {
  // Classic profiles (service classes)
  '1000': 'Service Discovery Server',
  '1101': 'Serial Port',
  '1102': 'LAN Access Using PPP',
  '1103': 'Dial-up Networking',
  '1104': 'IrMC Sync',
  '1105': 'OBEX Object Push',
  '1106': 'OBEX File Transfer',
  '1108': 'Headset',
  '110A': 'Audio Source (A2DP)',
  '110B': 'Audio Sink (A2DP)',
  '110C': 'A/V Remote Control Target (AVRCP)',
  '110D': 'Advanced Audio Distribution (A2DP)',
  '110E': 'A/V Remote Control (AVRCP)',
  '110F': 'A/V Remote Control Controller (AVRCP)',
  '1112': 'Headset Audio Gateway',
  '1115': 'PAN User (PANU)',
  '1116': 'Network Access Point (NAP)',
  '1117': 'Group Ad-hoc Network',
  '111E': 'Hands-Free',
  '111F': 'Hands-Free Audio Gateway',
  '1124': 'Human Interface Device (HID)',
  '112D': 'SIM Access',
  '112F': 'Phonebook Access Server',
  '1130': 'Phonebook Access (PBAP)',
  '1131': 'Headset (HS)',
  '1132': 'Message Access Server',
  '1133': 'Message Notification Server',
  '1134': 'Message Access (MAP)',
  '1200': 'PnP Information',
  '1203': 'Generic Audio',
  // GATT services
  '1800': 'Generic Access',
  '1801': 'Generic Attribute',
  '1802': 'Immediate Alert',
  '1803': 'Link Loss',
  '1804': 'Tx Power',
  '1805': 'Current Time',
  '1809': 'Health Thermometer',
  '180A': 'Device Information',
  '180D': 'Heart Rate',
  '180F': 'Battery',
  '1810': 'Blood Pressure',
  '1811': 'Alert Notification',
  '1812': 'Human Interface Device (HID over GATT)',
  '1816': 'Cycling Speed and Cadence',
  '1818': 'Cycling Power',
  '1819': 'Location and Navigation',
  '181A': 'Environmental Sensing',
  '181D': 'Weight Scale',
  '1826': 'Fitness Machine',
  '1844': 'Volume Control',
  '184E': 'Audio Stream Control',
  '184F': 'Broadcast Audio Scan',
  '1850': 'Published Audio Capabilities',
  '1853': 'Common Audio',
  // Member UUIDs
  FCF1: 'Google',
  FD44: 'Apple',
  FD5A: 'Samsung (SmartTag)',
  FD69: 'Samsung',
  FD6F: 'Exposure Notification',
  FD82: 'Sony',
  FD92: 'Qualcomm',
  FDDF: 'Harman',
  FDF7: 'HP',
  FE03: 'Amazon',
  FE0F: 'Signify (Philips Hue)',
  FE2C: 'Google Fast Pair',
  FE78: 'Hewlett-Packard',
  FE95: 'Xiaomi',
  FE9F: 'Google',
  FEAA: 'Eddystone',
  FEAF: 'Nest Labs',
  FEB8: 'Meta',
  FEB9: 'LG Electronics',
  FEBE: 'Bose',
  FEC8: 'Apple',
  FEE0: 'Anhui Huami',
  FEE7: 'Tencent',
  FEEC: 'Tile',
  FEED: 'Tile',
  FEF3: 'Google',
  FEF5: 'Dialog Semiconductor',
};

const BASE_UUID_TAIL = '-0000-1000-8000-00805F9B34FB';

/**
 * A service UUID as people write it: 16 or 32 bits when it is on the Bluetooth base UUID (Kismet's
 * UUID fields hold the full 128-bit form, `0000110B-0000-1000-8000-00805F9B34FB` for `110B`).
 */
export function shortServiceUuid(uuid: string): string {
  const upper = uuid.toUpperCase();
  if (upper.length !== 36 || !upper.endsWith(BASE_UUID_TAIL)) return upper;
  return upper.startsWith('0000') ? upper.slice(4, 8) : upper.slice(0, 8);
}

/** What a service UUID (short or on the base UUID) is, or '' when svc has no name for it. */
export function serviceName(uuid: string): string {
  return SERVICE_NAMES[shortServiceUuid(uuid)] ?? '';
}
