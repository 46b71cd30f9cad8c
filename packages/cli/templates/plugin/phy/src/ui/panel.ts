/**
 * The {{phyName}} panel of a device's detail in svc's web app. This file is built for the
 * browser into `dist/ui/{{name}}.js` (`tsup.ui.config.ts`); svc serves it and the app imports
 * it after login, calling the default export with the app's API: `h` to make elements, the
 * app's components, and `devicePanel` to add a panel to every {{phyName}} device.
 */
import type { UiDevice, UiModuleApi } from '@svc/core';

/** Adds the {{title}} panel. */
export default function register{{typeName}}Panel(ui: UiModuleApi): void {
  const { h } = ui;
  const { KeyValues } = ui.components;
  ui.devicePanel({
    phy: '{{phyName}}',
    title: '{{title}} sensor',
    render: ({ device }: { device: UiDevice }) => {
      const sensor = (device['{{fieldPrefix}}.device'] ?? {}) as Record<string, unknown>;
      return h(KeyValues, { rows: [['Last reading', String(sensor['{{fieldPrefix}}.device.reading'] ?? '')]] });
    },
  });
}
