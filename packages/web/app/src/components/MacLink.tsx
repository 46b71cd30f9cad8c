/** A MAC that opens its device when one is tracked, plain text otherwise; nothing for the zero MAC. */
import { DeviceLink } from './DeviceLink';

/** Shows `mac`, linked to the device `keys` knows for it. */
export function MacLink({ mac, keys }: { mac: string | undefined; keys: ReadonlyMap<string, string> }) {
  if (!mac || mac === '00:00:00:00:00:00') return null;
  const key = keys.get(mac.toUpperCase());
  return key ? <DeviceLink deviceKey={key}>{mac}</DeviceLink> : <span>{mac}</span>;
}
