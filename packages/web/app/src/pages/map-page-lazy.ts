/**
 * The map page as the app's navigation holds it: its code (with the map library) loads when it
 * is first opened. Opened on the map, the app starts fetching that code as its own starts to
 * run (main.tsx imports this module among the first), while the rest of the app's code
 * evaluates and the login is checked, not after.
 */
import { lazyPage } from '../lazy-page';
import { route } from '../router';

/** The map page, loaded on first use. */
export const MapPage = lazyPage(() => import('./MapPage'));

if (route.value.page === 'map') void MapPage.preload().catch(() => undefined);
