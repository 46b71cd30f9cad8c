/**
 * What the core does with each PHY declaration once the contribute hooks have run, on the
 * plugin's behalf and as its contributions: registers the sub-record field and its fields, the
 * views, the alert definitions and the UI module; imports the decoder; and taps the packet
 * chain with the decoder and the classifier. Anything that fails (a field taken, a decoder that
 * cannot be imported) fails that plugin only.
 */
import type { AlertDefinitionInput } from '../alerts/alert-tracker.js';
import { importPhyDecoder } from '../packets/phy-decoder.js';
import { classifyTap, decodeTap, PHY_STAGE } from '../packets/phy-taps.js';
import type { PluginGuards } from '../plugin-guards.js';
import type { ContributionOwner, Registry } from '../registry.js';
import type { Service } from '../service-types.js';
import type { PhyDefinition } from './phy.js';

/** What the registration needs from the service being built. */
export interface PhyRegistrationContext {
  readonly svc: Service;
  /** Set to each PHY's plugin while its contributions are made, so they are owned by it. */
  readonly owner: ContributionOwner;
  readonly guards: PluginGuards;
  /** Where the PHYs' alerts go, to be defined with the other contributed alerts. */
  readonly alertDefinitions: Registry<AlertDefinitionInput>;
}

/** Registers what every PHY declared, each as a contribution of the PHY's plugin. */
export async function registerPhys(context: PhyRegistrationContext): Promise<void> {
  const { svc, owner, guards } = context;
  for (const phy of svc.phys.list()) {
    const plugin = svc.phys.ownerOf(phy.name)!;
    if (guards.isFailed(plugin)) continue;
    const previous = owner.current;
    try {
      const decoder = phy.decoder && (await importPhyDecoder(phy.name, phy.decoder));
      owner.current = plugin;
      registerContributions(phy, context);
      if (decoder) svc.hooks.packet.for('decode').tap({ name: plugin, stage: PHY_STAGE }, decodeTap(phy.decoder!, decoder));
      const classifier = phy.classifier;
      if (classifier) {
        const create = () => classifier.create(svc, svc.devices.phy(phy.name)!);
        svc.hooks.packet.for('classify').tap({ name: plugin, stage: PHY_STAGE }, classifyTap(classifier.reads, create));
      }
    } catch (error) {
      guards.fail(plugin, error);
    } finally {
      owner.current = previous;
    }
  }
}

/** The PHY's registry contributions: sub-record and fields, views, alerts, UI module. */
function registerContributions(phy: PhyDefinition, { svc, alertDefinitions }: PhyRegistrationContext): void {
  const component = phy.deviceComponent;
  if (component) {
    svc.fields.register(component.field, 'object', component.description);
    svc.fields.registerAll(component.fields);
  }
  for (const view of phy.views ?? []) svc.views.add(view);
  for (const alert of phy.alerts ?? []) alertDefinitions.add({ ...alert, phyName: phy.name });
  if (phy.ui) svc.uiModules.add(phy.ui);
}
