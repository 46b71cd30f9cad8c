/**
 * Rendering a plugin's UI module without a browser: a stand-in for the web app's `UiModuleApi`
 * whose `h` returns plain objects (so a test reads the tree a panel renders), whose components are
 * named functions to find in it, whose `useRef` keeps its value between renders as Preact's does,
 * and which keeps what the module registers; and readers of the rendered tree. The browser tests
 * (`packages/cli/e2e`) render the same modules in the real app.
 */
import type { UiMapHint, UiModuleApi } from '../ui/ui-api.js';

/** An element of a rendered tree. */
export interface UiElement {
  type: unknown;
  props: Record<string, any> | null;
  children: unknown[];
}

/** A panel, and the columns of the device table, as a module registers them. */
export type UiPanelDefinition = Parameters<UiModuleApi['devicePanel']>[0];
export type UiColumnsDefinition = Parameters<UiModuleApi['deviceColumns']>[0];

/** A stand-in for the web app's API; `rrd` answers what the test says (no history by default). */
export function standInUiApi(rrd: UiModuleApi['rrd'] = () => ({ times: [], values: [] })) {
  const panels: UiPanelDefinition[] = [];
  const columns: UiColumnsDefinition[] = [];
  const mapHints: UiMapHint[] = [];
  const refs: { current: unknown }[] = [];
  let nextRef = 0;
  const components = { Section: () => null, KeyValues: () => null, Table: () => null, Graph: () => null, Time: () => null, DeviceLink: () => null, State: () => null };
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): UiElement => ({ type, props, children });
  const Fragment = () => null;
  const ui = {
    h,
    Fragment,
    components,
    rrd,
    // One component's refs, in the order it asks for them; `rendering()` starts a render over.
    hooks: { useRef: (initial: unknown) => (refs[nextRef++] ??= { current: initial }) },
    devicePanel: (panel: UiPanelDefinition) => void panels.push(panel),
    deviceColumns: (added: UiColumnsDefinition) => void columns.push(added),
    mapHint: (hint: UiMapHint) => void mapHints.push(hint),
  } as unknown as UiModuleApi;
  return { ui, panels, columns, mapHints, components, Fragment, rendering: () => void (nextRef = 0) };
}

/** Every element of a rendered tree, depth first, including those in a table's or a list's rows. */
export function renderedElements(node: unknown): UiElement[] {
  if (Array.isArray(node)) return node.flatMap(renderedElements);
  if (!node || typeof node !== 'object' || !('children' in node)) return [];
  const element = node as UiElement;
  return [element, ...renderedElements(element.props?.rows ?? []), ...element.children.flatMap(renderedElements)];
}

/** The text of a cell or value: strings as they are, elements by their text children. */
export function renderedText(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(renderedText).join('');
  if (node && typeof node === 'object' && 'children' in node) return renderedText((node as UiElement).children);
  return '';
}

/** The rows of the first `KeyValues` of a tree, as label and text. */
export function keyValueRows(tree: readonly UiElement[], KeyValues: unknown): Record<string, string> {
  const rows = tree.find((element) => element.type === KeyValues)!.props!.rows as [string, unknown][];
  return Object.fromEntries(rows.map(([label, value]) => [label, renderedText(value)]));
}

/** The rows of every `Table` of a tree, in order, as text. */
export function tableRows(tree: readonly UiElement[], Table: unknown): string[][][] {
  return tree.filter((element) => element.type === Table).map((table) => (table.props!.rows as unknown[][]).map((row) => row.map(renderedText)));
}
