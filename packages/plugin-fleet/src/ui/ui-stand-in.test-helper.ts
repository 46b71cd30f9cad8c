/**
 * The core's UI stand-in (`standInUiApi`) with what the fleet's module also uses: integration
 * blocks kept as registered, `get` answering from the paths a test serves (as the server would
 * at `fleet/status.json` and `fleet/sensors.json`), and `usePolled` answering with what its
 * `load` asked `get` for, as if the load had finished.
 */
import type { UiModuleApi } from '@svc/core';
import { standInUiApi } from '@svc/core/testing';

/** An integration block as a module registers it. */
export type IntegrationBlock = Parameters<UiModuleApi['integrationPanel']>[0];

/** The stand-in; `served` maps API paths to their answers. */
export function fleetStandInUiApi(served: Readonly<Record<string, unknown>>) {
  const standIn = standInUiApi();
  const blocks: IntegrationBlock[] = [];
  /** Paths asked for, in order. */
  const asked: string[] = [];
  const get = (path: string) => {
    asked.push(path);
    return path in served ? Promise.resolve(served[path]) : Promise.reject(new Error(`404 ${path}`));
  };
  const ui = {
    ...standIn.ui,
    Fragment: standIn.Fragment,
    get,
    hooks: {
      ...standIn.ui.hooks,
      usePolled: (load: () => Promise<unknown>) => {
        const before = asked.length;
        void load().catch(() => undefined);
        const path = asked[before];
        return { value: path === undefined ? undefined : served[path], error: path === undefined || path in served ? '' : `404 ${path}`, reload() {} };
      },
    },
    integrationPanel: (block: IntegrationBlock) => void blocks.push(block),
  } as unknown as UiModuleApi;
  return { ...standIn, ui, blocks, asked };
}
