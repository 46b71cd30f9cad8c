/**
 * The device tracker as a built-in feature: the device, view and PHY records' fields; the `all`
 * view, a `phy-<NAME>` view per PHY and the `view=` lines of svc.conf; `NEW_DEVICE`; the commit
 * at the end of the packet chain that sends each packet's device changes to views and
 * listeners; the expiry of devices unheard for `tracker_device_timeout`, every 10 s; and, once
 * the server is ready, the OUI registries loaded in the background (oui.ts).
 */
import { definePlugin, type PluginDefinition } from '../plugin.js';
import type { ViewDefinition } from '../views/view-definition.js';
import { BASE_DEVICE_FIELDS, NESTED_DEVICE_FIELDS } from './device-fields.js';
import { loadManufacturersInTurns } from './oui.js';

/** Name of the built-in tracker plugin. */
export const TRACKER_PLUGIN = '@svc/core:tracker';

/** Track-stage priority of the commit: after the PHYs' track taps, before channel counting. */
export const TRACKER_COMMIT_STAGE = 1000;

/** Seconds between two expiry passes. */
const EXPIRY_INTERVAL_MS = 10_000;

/** The tracker feature; `configViews` are the `view=` lines of svc.conf, already parsed. */
export function trackerPlugin(configViews: readonly ViewDefinition[]): PluginDefinition {
  return definePlugin({
    name: TRACKER_PLUGIN,
    apply(svc) {
      svc.hooks.fields.tap(TRACKER_PLUGIN, (fields) => {
        fields.registerAll(BASE_DEVICE_FIELDS.map(({ name, type, description }) => ({ name, type, description })));
        fields.registerAll(NESTED_DEVICE_FIELDS);
        fields.register('svc.devices.view.id', 'string', 'view id');
        fields.register('svc.devices.view.description', 'string', 'what the view holds');
        fields.register('svc.devices.view.size', 'uint64_t', 'devices in the view');
        fields.register('svc.devices.view.indexed', 'uint8_t', 'kept incrementally (always 1)');
        fields.register('svc.phy.phy_name', 'string', 'PHY name');
        fields.register('svc.phy.phy_id', 'uint32_t', 'PHY number, in registration order');
        fields.register('svc.phy.device_count', 'uint64_t', 'devices tracked for this PHY');
        fields.register('svc.phy.packet_count', 'uint64_t', 'packets this PHY classified');
      });
      svc.hooks.eventTopics.tap(TRACKER_PLUGIN, (topics) => topics.add({ name: 'NEW_DEVICE', description: 'a device was seen for the first time (device record)' }));
      svc.hooks.views.tap(TRACKER_PLUGIN, (views) => {
        views.add({ name: 'all', description: 'All devices', includes: () => true, recheckOnUpdate: false });
        for (const phy of svc.phys.list()) {
          views.add({
            name: `phy-${phy.name}`,
            description: `${phy.name} devices`,
            includes: (device) => device.phyname === phy.name,
            recheckOnUpdate: false,
            formerNames: phy.formerNames?.map((former) => `phy-${former.name}`),
          });
        }
        for (const view of configViews) views.add(view);
      });
      svc.hooks.packet.for('track').tap({ name: TRACKER_PLUGIN, stage: TRACKER_COMMIT_STAGE }, () => svc.devices.commit());
      let expiry: NodeJS.Timeout | undefined;
      svc.hooks.ready.tapPromise(TRACKER_PLUGIN, async () => {
        expiry = setInterval(() => svc.devices.expire(), EXPIRY_INTERVAL_MS);
        expiry.unref();
        // Not awaited: the registries load in the background, before the first device needs them.
        if (svc.devices.looksUpManufacturers) void loadManufacturersInTurns().catch((error: unknown) => svc.log.error('loading the OUI registries failed', error));
      });
      svc.hooks.shutdown.tapPromise(TRACKER_PLUGIN, async () => clearInterval(expiry));
    },
  });
}
