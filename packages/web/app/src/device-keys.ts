/**
 * Which of some MACs are tracked devices, and by which key, so a page can link an alert's or a
 * watchlist's MACs to the devices they name: one `devices/multimac` request for the lot,
 * asked again when the set of MACs changes. A MAC no device has stays plain text.
 */
import { useEffect, useState } from 'preact/hooks';
import { get } from './api';

const ZERO_MAC = '00:00:00:00:00:00';
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

/** Device keys by MAC for the given MACs (zero and malformed ones are skipped). */
export function useDeviceKeys(macs: readonly string[]): ReadonlyMap<string, string> {
  const wanted = [...new Set(macs.map((mac) => mac.toUpperCase()).filter((mac) => mac !== ZERO_MAC && MAC.test(mac)))].sort();
  const [keys, setKeys] = useState<ReadonlyMap<string, string>>(new Map());
  const signature = wanted.join(',');
  useEffect(() => {
    if (wanted.length === 0) {
      setKeys(new Map());
      return;
    }
    let live = true;
    get<Record<string, string>[]>('devices/multimac/devices.json', { devices: wanted, fields: ['svc.device.base.key', 'svc.device.base.macaddr'] }).then(
      (devices) => live && setKeys(new Map(devices.map((device) => [device['svc.device.base.macaddr']!, device['svc.device.base.key']!]))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [signature]);
  return keys;
}
