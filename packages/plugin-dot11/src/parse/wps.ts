/**
 * Wi-Fi Protected Setup attributes (Microsoft vendor IE 00:50:F2 type 4): big-endian
 * type-length-value records, of which svc keeps the setup state and the device identity an
 * access point advertises. A record that runs past the element ends the walk.
 */

/** What a WPS element advertises. */
export interface WpsInfo {
  /** Wi-Fi Simple Configuration state: 1 not configured, 2 configured. */
  state?: number;
  /** AP setup locked. */
  locked?: boolean;
  deviceName?: string;
  manufacturer?: string;
  modelName?: string;
  modelNumber?: string;
  serialNumber?: string;
  version?: number;
}

const TEXT_ATTRIBUTES: Readonly<Record<number, keyof WpsInfo>> = {
  0x1011: 'deviceName',
  0x1021: 'manufacturer',
  0x1023: 'modelName',
  0x1024: 'modelNumber',
  0x1042: 'serialNumber',
};

/** Reads WPS attributes from `data[start, end)` (after the OUI and type). */
export function parseWps(data: Buffer, start: number, end: number): WpsInfo {
  const info: WpsInfo = {};
  for (let at = start; end - at >= 4; ) {
    const type = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    const value = at + 4;
    if (value + length > end) break;
    const text = TEXT_ATTRIBUTES[type];
    if (text) (info as Record<string, unknown>)[text] = data.toString('utf8', value, value + length).replace(/\0+$/, '');
    else if (type === 0x1044 && length >= 1) info.state = data[value];
    else if (type === 0x1057 && length >= 1) info.locked = data[value] !== 0;
    else if (type === 0x104a && length >= 1) info.version = data[value];
    at = value + length;
  }
  return info;
}
