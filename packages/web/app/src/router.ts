/**
 * Where the app is: the page and its parameters live in the URL's hash
 * (`#/devices?view=all&sort=name&q=aa`), so a link reproduces the screen, the back button
 * works, and no server-side routing is needed behind a proxy.
 */
import { signal } from '@preact/signals';

/** A page and its parameters. */
export interface Route {
  readonly page: string;
  readonly params: Readonly<Record<string, string>>;
}

function parse(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  return { page: path || 'devices', params: Object.fromEntries(new URLSearchParams(query)) };
}

function format(route: Route): string {
  const query = new URLSearchParams(Object.entries(route.params).filter(([, value]) => value !== '')).toString();
  return `#/${route.page}${query ? `?${query}` : ''}`;
}

/** The current route. */
export const route = signal<Route>(parse(location.hash));

addEventListener('hashchange', () => {
  route.value = parse(location.hash);
});

/** Goes to a page (a new history entry). */
export function navigate(page: string, params: Record<string, string> = {}): void {
  location.hash = format({ page, params });
}

/**
 * Changes parameters of the current page. `replace` edits the history entry in place (typing a
 * search), otherwise it is a new entry (choosing a view, opening a device).
 */
export function setParams(changes: Record<string, string | undefined>, replace = false): void {
  const params: Record<string, string> = { ...route.value.params };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') delete params[key];
    else params[key] = value;
  }
  const next = { page: route.value.page, params };
  if (replace) {
    history.replaceState(null, '', format(next));
    route.value = next;
  } else location.hash = format(next);
}
