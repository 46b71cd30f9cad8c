/**
 * For plugin authors' tests of their map layers: the layers a UI module's registration adds,
 * caught with a stand-in for the web app's API, and which of their views a test service with
 * the plugin does not serve (a layer naming a view that does not exist draws nothing).
 */
import { createLogger } from '../logger.js';
import type { PluginDefinition } from '../plugin.js';
import type { UiMapLayer, UiModuleApi } from '../ui/ui-api.js';
import { createTestService } from './test-service.js';

/** The map layers `register` adds, in order. */
export function registeredMapLayers(register: (ui: UiModuleApi) => void): UiMapLayer[] {
  const layers: UiMapLayer[] = [];
  register({ mapLayer: (layer: UiMapLayer) => layers.push(layer) } as unknown as UiModuleApi);
  return layers;
}

/** The views of `layers` a server with `plugins` does not list in `/devices/views/all_views.json`. */
export async function unservedLayerViews(plugins: readonly PluginDefinition<any>[], layers: readonly UiMapLayer[]): Promise<string[]> {
  const t = await createTestService({ plugins, log: createLogger({ write: () => {} }) });
  try {
    const views = (await (await t.request('/devices/views/all_views.json')).json()) as Record<string, unknown>[];
    const served = new Set(views.map((view) => String(view['svc.devices.view.id'])));
    return layers.map((layer) => layer.view).filter((view) => !served.has(view));
  } finally {
    await t.close();
  }
}
