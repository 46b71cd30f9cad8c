/**
 * The PHYs a log's `phyname` column can name: every PHY by its name, and a renamed PHY also by
 * each of its former names (`PhyDefinition.formerNames`), so a restart after the rename takes
 * back the devices an older svc logged under the old name instead of skipping them.
 */
import type { PhyDefinition, PhyFormerName } from '../../tracker/phy.js';
import { deviceKey, parseDeviceKey, type MacNumber } from '../../tracker/device-key.js';

/** The PHY a logged name stands for; `former` is set when the log used a former name. */
export interface LoggedPhy {
  readonly definition: PhyDefinition;
  readonly former?: PhyFormerName;
}

/** Logged PHY names and the PHY each stands for now (a current name wins over a former one). */
export function loggedPhys(definitions: readonly PhyDefinition[]): Map<string, LoggedPhy> {
  const phys = new Map<string, LoggedPhy>();
  for (const definition of definitions) for (const former of definition.formerNames ?? []) phys.set(former.name, { definition, former });
  for (const definition of definitions) phys.set(definition.name, { definition });
  return phys;
}

/**
 * `key` (`<prefix>_<MAC>`) with the prefix replaced by `prefix`: the key a device logged under a
 * former PHY name has under the current one (the prefix is computed from the PHY name); with
 * `mac`, the MAC replaced by what it gives for the logged one (`PhyDefinition.restoredMac`). The
 * key as it was when it is not a device key.
 */
export function rekeyed(key: string, prefix: string | undefined, mac: (logged: MacNumber) => MacNumber = (logged) => logged): string {
  const parsed = parseDeviceKey(key);
  return parsed ? deviceKey(prefix ?? parsed.prefix, mac(parsed.mac)) : key;
}
