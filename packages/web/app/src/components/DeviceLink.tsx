/** A link that opens a device's detail on the devices page, keeping the table's view and filter. */
import type { ComponentChildren } from 'preact';
import { route } from '../router';

/** Opens the device with this key. */
export function DeviceLink({ deviceKey, children }: { deviceKey: string; children?: ComponentChildren }) {
  const params = new URLSearchParams({ ...(route.value.page === 'devices' ? route.value.params : {}), device: deviceKey });
  return <a href={`#/devices?${params.toString()}`}>{children ?? deviceKey}</a>;
}
