/**
 * The contract between the web app and the UI modules plugins contribute (`uiModules` hook):
 * a module's default export is called once with this API after login. The app (`@svc/web`)
 * implements it with Preact; modules use `h` and the hooks it passes rather than importing a
 * UI library of their own, so every module renders into the same tree and works with whatever
 * the app is built with. Types only: nothing here runs on the server.
 */

/** What `h` returns: an element the app renders. */
export type UiNode = unknown;

/** A component: a function of its props that returns what to render. */
export type UiComponent<Props = Record<string, unknown>> = (props: Props) => UiNode;

/** A device record as the REST API serves it (`/devices/by-key/<key>/device.json`). */
export type UiDevice = Readonly<Record<string, unknown>>;

/** The API a UI module's default export receives. */
export interface UiModuleApi {
  /** The API version; modules can check it. */
  readonly version: 1;
  /** Makes an element: `h('div', { class: 'x' }, 'text', h(Child, { a: 1 }))`. */
  h(type: string | UiComponent<any>, props?: Record<string, unknown> | null, ...children: unknown[]): UiNode;
  /** Groups children without a wrapping element. */
  readonly Fragment: UiComponent<{ children?: unknown }>;
  /** Preact's hooks, for components with state. */
  readonly hooks: {
    useState<T>(initial: T | (() => T)): [T, (next: T | ((previous: T) => T)) => void];
    useEffect(effect: () => void | (() => void), dependencies?: readonly unknown[]): void;
    useMemo<T>(make: () => T, dependencies: readonly unknown[]): T;
    useRef<T>(initial: T): { current: T };
  };
  /** The app's building blocks, so a module looks like the rest of the app. */
  readonly components: {
    /** A titled block. */
    Section: UiComponent<{ title: string; children?: unknown }>;
    /** A two-column list of labels and values. */
    KeyValues: UiComponent<{ rows: readonly (readonly [string, unknown])[] }>;
    /** A table with a header row; cells are text or elements. */
    Table: UiComponent<{ columns: readonly string[]; rows: readonly (readonly unknown[])[]; empty?: string }>;
    /** A line graph of one or more series over time (Unix seconds). */
    Graph: UiComponent<{ title: string; times: readonly number[]; series: readonly { label: string; values: readonly (number | null)[]; unit?: string }[] }>;
    /** A Unix time as local date and time, with how long ago. */
    Time: UiComponent<{ seconds: number }>;
    /** A link that opens the device with this key. */
    DeviceLink: UiComponent<{ deviceKey: string; children?: unknown }>;
  };
  /**
   * An RRD record (`svc.common.rrd.*`, as the API serves packet rates, signal and sensor
   * histories) as a series for `Graph`: the last minute per second, hour per minute or day per
   * hour, oldest first; with `blankAsGap`, empty slots are gaps rather than zeros.
   */
  rrd(record: Readonly<Record<string, unknown>> | undefined, resolution: 'minute' | 'hour' | 'day', blankAsGap?: boolean): { times: number[]; values: (number | null)[] };
  /** The URL of a path of the server (relative, `devices/...`), prefix added: for links and downloads. */
  url(path: string): string;
  /** Reads a path of the REST API (relative, `devices/...`; the server's prefix is added). */
  get(path: string, dictionary?: Record<string, unknown>): Promise<any>;
  /** Adds a panel to the detail of every device of a PHY (`IEEE802.11`, `RTL433`, `BTLE`...). */
  devicePanel(panel: { readonly phy: string; readonly title: string; readonly render: UiComponent<{ device: UiDevice }> }): void;
  /** Adds a page to the app's navigation (`#/page/<id>`). */
  page(page: { readonly id: string; readonly title: string; readonly render: UiComponent<Record<string, never>> }): void;
}

/** What a UI module exports by default. */
export type UiModuleRegister = (ui: UiModuleApi) => void;
