/**
 * The built-in pages of the navigation, in its order. Each page's code is a chunk of its own,
 * loaded when the page is first opened, so the app's first code to run is the shell alone;
 * the page the URL opens on is fetched as the app's code starts to run (main.tsx imports this
 * module among the first), while the rest of it evaluates and the login is checked, not after.
 */
import type { ComponentType } from 'preact';
import { lazyPage, type LazyPage } from '../lazy-page';
import { route } from '../router';

/** A built-in page. */
export interface BuiltInPage {
  readonly id: string;
  readonly title: string;
  readonly render: LazyPage;
}

/** A page whose module exports its component by `name`. */
const named = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => lazyPage(() => load().then((module) => ({ default: module[name] })));

/** The built-in pages. */
export const PAGES: readonly BuiltInPage[] = [
  { id: 'devices', title: 'Devices', render: named(() => import('./Devices'), 'Devices') },
  { id: 'map', title: 'Map', render: lazyPage(() => import('./MapPage')) },
  { id: 'sources', title: 'Sources', render: named(() => import('./Sources'), 'Sources') },
  { id: 'channels', title: 'Channels', render: named(() => import('./Channels'), 'Channels') },
  { id: 'alerts', title: 'Alerts', render: named(() => import('./Alerts'), 'Alerts') },
  { id: 'logs', title: 'Logs', render: named(() => import('./Logs'), 'Logs') },
  { id: 'filters', title: 'Filters', render: named(() => import('./Filters'), 'Filters') },
  { id: 'system', title: 'System', render: named(() => import('./System'), 'System') },
];

void PAGES.find((page) => page.id === route.value.page)
  ?.render.preload()
  .catch(() => undefined);
