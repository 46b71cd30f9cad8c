/**
 * The UI modules plugins contribute (`uiModules` hook on the server): after login the app lists
 * them (`ui/modules.json`), imports each, and calls its default export with the module API
 * (`UiModuleApi` in `@svc/core`): Preact's `h` and hooks, the app's building blocks, the REST
 * API, and the ways in: device panels for a PHY, device-table columns and the default columns
 * of views, a block in the system page's integrations, a page, the map's layers and tooltip hints. Everything the app shows of a
 * plugin comes this way, so a plugin that is not loaded shows nothing. A module that fails to
 * load, or throws while rendering, is reported and the app runs on without it.
 */
import { signal } from '@preact/signals';
import { Fragment, h, type ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { UiModuleApi } from '@svc/core';
import { get } from './api';
import { contributeColumns, type Column } from './columns';
import { DeviceLink } from './components/DeviceLink';
import { Graph } from './components/Graph';
import { KeyValues } from './components/KeyValues';
import { Section } from './components/Section';
import { State } from './components/State';
import { Table } from './components/Table';
import { Time } from './components/Time';
import { cellText } from './format';
import { addMapHint } from './map/map-hints';
import { addMapLayer } from './map/map-layers';
import { rrdSeries } from './rrd';
import { apiPath } from './server';
import { usePolled } from './use-polled';

/** A device panel a module added. */
export interface DevicePanel {
  readonly phy: string;
  readonly title: string;
  readonly render: ComponentType<{ device: Record<string, unknown> }>;
  readonly module: string;
}

/** A page a module added. */
export interface ModulePage {
  readonly id: string;
  readonly title: string;
  readonly render: ComponentType<Record<string, never>>;
  readonly module: string;
}

/** A block a module added to the integrations of the system page. */
export interface IntegrationPanel {
  readonly title: string;
  readonly render: ComponentType<Record<string, never>>;
  readonly module: string;
}

/** Device panels, pages, integration blocks, and modules that failed, as modules register them. */
export const devicePanels = signal<readonly DevicePanel[]>([]);
export const modulePages = signal<readonly ModulePage[]>([]);
export const integrationPanels = signal<readonly IntegrationPanel[]>([]);
export const moduleFailures = signal<readonly string[]>([]);
/** True once every module has loaded or failed: until then the devices page does not know its columns. */
export const uiModulesReady = signal(false);

/** A contributed column as the table uses it: its cell text from the module's, or the value as text. */
function tableColumn(column: NonNullable<Parameters<UiModuleApi['deviceColumns']>[0]['columns']>[number]): Column {
  const cell = column.cell;
  return { id: column.id, title: column.title, field: column.field, width: column.width ?? '8em', numeric: column.numeric, cell: cell ? (value) => (value === undefined || value === null ? '' : cell(value)) : (value) => cellText(value) };
}

function apiFor(module: string): UiModuleApi {
  return {
    version: 1,
    h: h as UiModuleApi['h'],
    Fragment: Fragment as UiModuleApi['Fragment'],
    hooks: { useState, useEffect, useMemo, useRef, usePolled } as unknown as UiModuleApi['hooks'],
    components: { Section, KeyValues, Table, Graph, Time, DeviceLink, State } as unknown as UiModuleApi['components'],
    rrd: (record, resolution, blankAsGap) => rrdSeries(record, resolution, blankAsGap),
    url: (path) => apiPath(path),
    get: (path, dictionary) => get(path, dictionary),
    devicePanel: (panel) => {
      devicePanels.value = [...devicePanels.value, { ...panel, render: panel.render as DevicePanel['render'], module }];
    },
    page: (page) => {
      modulePages.value = [...modulePages.value, { ...page, render: page.render as ModulePage['render'], module }];
    },
    deviceColumns: ({ views = [], columns = [], defaults }) => {
      contributeColumns({ module, views: [...views], columns: columns.map(tableColumn), defaults });
    },
    integrationPanel: (panel) => {
      integrationPanels.value = [...integrationPanels.value, { ...panel, render: panel.render as IntegrationPanel['render'], module }];
    },
    mapLayer: (layer) => addMapLayer(module, layer),
    mapHint: (hint) => addMapHint(hint),
  };
}

let loaded = false;

/** Loads every module once (after the first login); ready, whatever happened, when it ends. */
export async function loadUiModules(): Promise<void> {
  if (loaded) return;
  loaded = true;
  try {
    await loadEach();
  } finally {
    uiModulesReady.value = true;
  }
}

/**
 * Imports every module at once, then calls each in the order the server lists them (the order
 * of their plugins), whichever arrived first: columns, panels and blocks come in a stable order,
 * and the first module to name a view sets its default columns.
 */
async function loadEach(): Promise<void> {
  const modules = (await get<Record<string, string>[]>('ui/modules.json')).map((record) => ({ name: record['svc.ui.module.name']!, url: record['svc.ui.module.url']! }));
  const imported = await Promise.all(
    modules.map(({ url }) =>
      (import(/* @vite-ignore */ apiPath(url)) as Promise<{ default?: unknown }>).then(
        (module) => ({ module, failure: undefined }),
        (failure: unknown) => ({ module: undefined, failure }),
      ),
    ),
  );
  modules.forEach(({ name }, index) => {
    const { module, failure } = imported[index]!;
    try {
      if (!module) throw failure;
      const register = module.default;
      if (typeof register !== 'function') throw new Error('its default export is not a function');
      register(apiFor(name));
    } catch (error) {
      moduleFailures.value = [...moduleFailures.value, `${name}: ${error instanceof Error ? error.message : String(error)}`];
    }
  });
}
