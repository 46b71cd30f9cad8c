/**
 * The UI modules plugins contribute (`uiModules` hook on the server): after login the app lists
 * them (`ui/modules.json`), imports each, and calls its default export with the module API
 * (`UiModuleApi` in `@svc/core`): Preact's `h` and hooks, the app's building blocks, the REST
 * API, and the two ways in: a device panel for a PHY, or a page. A module that fails to load is
 * reported and the app runs on without it.
 */
import { signal } from '@preact/signals';
import { Fragment, h, type ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { UiModuleApi } from '@svc/core';
import { get } from './api';
import { DeviceLink } from './components/DeviceLink';
import { Graph } from './components/Graph';
import { KeyValues } from './components/KeyValues';
import { Section } from './components/Section';
import { Table } from './components/Table';
import { Time } from './components/Time';
import { rrdSeries } from './rrd';
import { apiPath } from './server';

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

/** Panels by PHY, pages, and modules that failed, as modules register them. */
export const devicePanels = signal<readonly DevicePanel[]>([]);
export const modulePages = signal<readonly ModulePage[]>([]);
export const moduleFailures = signal<readonly string[]>([]);

function apiFor(module: string): UiModuleApi {
  return {
    version: 1,
    h: h as UiModuleApi['h'],
    Fragment: Fragment as UiModuleApi['Fragment'],
    hooks: { useState, useEffect, useMemo, useRef } as unknown as UiModuleApi['hooks'],
    components: { Section, KeyValues, Table, Graph, Time, DeviceLink } as unknown as UiModuleApi['components'],
    rrd: (record, resolution, blankAsGap) => rrdSeries(record, resolution, blankAsGap),
    url: (path) => apiPath(path),
    get: (path, dictionary) => get(path, dictionary),
    devicePanel: (panel) => {
      devicePanels.value = [...devicePanels.value, { ...panel, render: panel.render as DevicePanel['render'], module }];
    },
    page: (page) => {
      modulePages.value = [...modulePages.value, { ...page, render: page.render as ModulePage['render'], module }];
    },
  };
}

let loaded = false;

/** Loads every module once (after the first login). */
export async function loadUiModules(): Promise<void> {
  if (loaded) return;
  loaded = true;
  const modules = (await get<Record<string, string>[]>('ui/modules.json')).map((record) => ({ name: record['svc.ui.module.name']!, url: record['svc.ui.module.url']! }));
  await Promise.all(
    modules.map(async ({ name, url }) => {
      try {
        const module = (await import(/* @vite-ignore */ apiPath(url))) as { default?: (ui: UiModuleApi) => void };
        if (typeof module.default !== 'function') throw new Error('its default export is not a function');
        module.default(apiFor(name));
      } catch (error) {
        moduleFailures.value = [...moduleFailures.value, `${name}: ${error instanceof Error ? error.message : String(error)}`];
      }
    }),
  );
}
