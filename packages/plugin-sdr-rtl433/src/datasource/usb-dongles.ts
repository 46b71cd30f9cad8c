/**
 * `list_interfaces` for rtl433: the RTL-SDR dongles plugged into this host, found by USB vendor
 * and product id in sysfs (`/sys/bus/usb/devices/*`), so listing needs neither librtlsdr nor
 * `rtl_test`. Each dongle is offered as `rtl433-<index>` and, when it has a serial number, as
 * `rtl433-<serial>`, which stays right when dongles are plugged in another order. The index is
 * the dongle's position in bus and device number order, the order librtlsdr enumerates in.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where Linux lists USB devices. */
export const SYSFS_USB_DEVICES = '/sys/bus/usb/devices';

/** USB vendor:product ids of RTL2832U-based receivers librtlsdr drives (its known-devices table). */
const RTL_SDR_IDS = new Set([
  '0bda:2832', '0bda:2838', '0413:6680', '0413:6f0f', '0458:707f', '0ccd:00a9', '0ccd:00b3', '0ccd:00b4', '0ccd:00b5',
  '0ccd:00b7', '0ccd:00b8', '0ccd:00b9', '0ccd:00c0', '0ccd:00c6', '0ccd:00d3', '0ccd:00d7', '0ccd:00e0', '1554:5020',
  '15f4:0131', '15f4:0133', '185b:0620', '185b:0650', '185b:0680', '1b80:d393', '1b80:d394', '1b80:d395', '1b80:d397',
  '1b80:d398', '1b80:d39d', '1b80:d3a4', '1b80:d3a8', '1b80:d3af', '1b80:d3b0', '1d19:1101', '1d19:1102', '1d19:1103',
  '1d19:1104', '1f4d:a803', '1f4d:b803', '1f4d:c803', '1f4d:d286', '1f4d:d803',
]);

/** An RTL-SDR dongle on this host. */
export interface RtlSdrDongle {
  /** Position in librtlsdr's enumeration (`rtl_433 -d <index>`). */
  readonly index: number;
  readonly vendorProduct: string;
  readonly manufacturer: string;
  readonly product: string;
  /** USB serial number, when the dongle has one. */
  readonly serial?: string;
  /** sysfs name (`1-1.2`). */
  readonly usbPath: string;
}

async function readAttribute(directory: string, name: string): Promise<string | undefined> {
  try {
    return (await readFile(join(directory, name), 'utf8')).trim();
  } catch {
    return undefined;
  }
}

/** The RTL-SDR dongles sysfs lists; none when there is no USB (a container, a VM). */
export async function findRtlSdrDongles(sysfsRoot = SYSFS_USB_DEVICES): Promise<RtlSdrDongle[]> {
  let names: string[];
  try {
    names = await readdir(sysfsRoot);
  } catch {
    return [];
  }
  const found: (Omit<RtlSdrDongle, 'index'> & { bus: number; device: number })[] = [];
  // Interface entries (`1-1.2:1.0`) and root hubs (`usb1`) are not devices to look at.
  for (const name of names.filter((entry) => !entry.includes(':') && !entry.startsWith('usb'))) {
    const directory = join(sysfsRoot, name);
    const vendor = await readAttribute(directory, 'idVendor');
    const product = await readAttribute(directory, 'idProduct');
    const vendorProduct = `${vendor}:${product}`.toLowerCase();
    if (!RTL_SDR_IDS.has(vendorProduct)) continue;
    found.push({
      vendorProduct,
      manufacturer: (await readAttribute(directory, 'manufacturer')) ?? '',
      product: (await readAttribute(directory, 'product')) ?? '',
      serial: (await readAttribute(directory, 'serial')) || undefined,
      usbPath: name,
      bus: Number(await readAttribute(directory, 'busnum')) || 0,
      device: Number(await readAttribute(directory, 'devnum')) || 0,
    });
  }
  found.sort((a, b) => a.bus - b.bus || a.device - b.device);
  return found.map(({ bus: _bus, device: _device, ...dongle }, index) => ({ index, ...dongle }));
}
