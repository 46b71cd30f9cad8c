/**
 * The tracker's state of each registered PHY (its number, key prefix, component and counters),
 * made once the PHY registry is frozen: numbers follow registration order, as Kismet's `phyid`s do.
 */
import type { Registry } from '../registry.js';
import { phyKeyPrefix } from './device-key.js';
import type { DeviceTracker } from './device-tracker.js';
import type { PhyDefinition } from './phy.js';

/** Makes every registered PHY known to the tracker. */
export function addRegisteredPhys(devices: DeviceTracker, phys: Registry<PhyDefinition>): void {
  phys.list().forEach((phy, index) =>
    devices.addPhy({
      name: phy.name,
      description: phy.description,
      id: index + 1,
      keyPrefix: phyKeyPrefix(phy.name),
      componentField: phy.deviceComponent?.field,
      componentKey: phy.deviceComponent?.key,
      deviceCount: 0,
      packetCount: 0,
    }),
  );
}
