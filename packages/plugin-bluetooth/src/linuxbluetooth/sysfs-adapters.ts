/**
 * What the kernel says about the host's Bluetooth adapters, read from sysfs without BlueZ: the
 * adapters it has (`/sys/class/bluetooth/hciN`), and whether rfkill blocks one
 * (`/sys/class/rfkill/rfkillN/` whose `type` is `bluetooth` and `name` is the adapter: `soft`
 * is the user's switch, `rfkill block bluetooth`; `hard` a physical switch or the firmware).
 * A host without sysfs or without Bluetooth simply has none.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { byAdapterNumber } from './bluez-objects.js';

/** Where sysfs is mounted. */
export const SYSFS_ROOT = '/sys';

/** An adapter's rfkill switches. */
export interface RfkillState {
  /** Blocked by software (`rfkill block`, airplane mode). */
  readonly soft: boolean;
  /** Blocked by a hardware switch or the firmware: only the switch undoes it. */
  readonly hard: boolean;
}

/** The adapter names the kernel has (`hci0`...), in order; none when sysfs has no Bluetooth class. */
export async function sysfsAdapters(root = SYSFS_ROOT): Promise<string[]> {
  const names = await readdir(join(root, 'class', 'bluetooth')).catch(() => [] as string[]);
  return names.filter((name) => /^hci\d+$/.test(name)).sort(byAdapterNumber);
}

/** The rfkill switches of an adapter; undefined when it has no rfkill entry. */
export async function rfkillState(adapter: string, root = SYSFS_ROOT): Promise<RfkillState | undefined> {
  const dir = join(root, 'class', 'rfkill');
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const read = (file: string) => readFile(join(dir, entry, file), 'utf8').then((text) => text.trim(), () => '');
    if ((await read('type')) !== 'bluetooth' || (await read('name')) !== adapter) continue;
    return { soft: (await read('soft')) === '1', hard: (await read('hard')) === '1' };
  }
  return undefined;
}
