/**
 * The contract between the web app and the UI modules plugins contribute (`uiModules` hook):
 * a module's default export is called once with this API after login. The app (`@svc/web`)
 * implements it with Preact; modules use `h` and the hooks it passes rather than importing a
 * UI library of their own, so every module renders into the same tree and works with whatever
 * the app is built with. Everything the app shows of a plugin (device panels, device-table
 * columns, integration blocks, pages, map layers) comes through this API, so a plugin that is not loaded
 * shows nothing. Types only: nothing here runs on the server.
 */

/** What `h` returns: an element the app renders. */
export type UiNode = unknown;

/** A component: a function of its props that returns what to render. */
export type UiComponent<Props = Record<string, unknown>> = (props: Props) => UiNode;

/** A device record as the REST API serves it (`/devices/by-key/<key>/device.json`). */
export type UiDevice = Readonly<Record<string, unknown>>;

/**
 * A device-table column a module adds, so a view of its PHY's devices can show (and sort and
 * search by) a field of their sub-record.
 */
export interface UiDeviceColumn {
  /** Unique among all columns, and what `sort=` names in the URL: start it with the module's name (`acme-level`). */
  readonly id: string;
  /** Header text. */
  readonly title: string;
  /** Field path the table asks the server for and sorts by (`acme.device/acme.device.level`). */
  readonly field: string;
  /** Natural width in `em` (`'6em'`, the default `'8em'`); columns stretch to fill the table. */
  readonly width?: string;
  /** Right-aligned, for numbers. */
  readonly numeric?: boolean;
  /** A cell's text from the field's value (not called for a device without it); default: the value as text. */
  cell?(value: unknown): string;
}

/**
 * What a module says about the device table (`deviceColumns`): the views it speaks for (those of
 * its PHY), the columns it adds, and which columns those views show until the user chooses.
 */
export interface UiDeviceColumns {
  /** View ids (`phy-ACME`, the core's view of the PHY, and the plugin's own views). */
  readonly views?: readonly string[];
  /** Columns offered in these views, and in views no module speaks for (`all`). */
  readonly columns?: readonly UiDeviceColumn[];
  /**
   * Column ids these views show by default: the app's (`name`, `type`, `mac`, `manuf`, `phy`,
   * `channel`, `signal`, `crypt`, `packets`, `seen`, `first`) and contributed ones.
   */
  readonly defaults?: readonly string[];
}

/** The shape of a map layer's markers. */
export type UiMarkerShape = 'circle' | 'square' | 'diamond' | 'triangle';

/**
 * A layer of the map page (`mapLayer`): which located devices it draws (those of a view: the
 * core's `phy-<NAME>` view of a PHY, or a plugin's own) and how. A device in the views of
 * several layers is drawn by the first registered (modules load in plugin order), so a module
 * registers its narrower views first (access points, then every 802.11 device).
 */
export interface UiMapLayer {
  /** Unique among layers: start it with the module's name (`acme-sensors`). */
  readonly id: string;
  /** The legend's words for the layer (`Wi-Fi access points`). */
  readonly title: string;
  /** The view whose devices the layer draws. */
  readonly view: string;
  /** The markers' fill, a CSS colour (`#d97706`). */
  readonly colour: string;
  readonly shape: UiMarkerShape;
  /**
   * A field holding where the device has been, drawn as a line to its marker: its path as a
   * device-table column names it (`acme.device/acme.device.track`), its value a list of
   * `[unix time, lat, lon, altitude]` points, oldest first (altitude may be left out). With
   * `altitude`, the line is coloured by the points' altitude in that unit, on the unit's own
   * scale (0 to 40,000 ft for aircraft, 0 to 500 m for drones), which the legend shows.
   */
  readonly track?: { readonly field: string; readonly altitude?: 'feet' | 'metres' };
  /**
   * A second place each device of the layer has (a drone's operator), drawn as a small ring of
   * the layer's colour joined to the device's marker by a dashed line: the path of a field whose
   * value is a geopoint, `[lon, lat]` as location records hold it
   * (`acme.device/acme.device.base_location/svc.common.location.geopoint`), and what the place is
   * (`operator`), for the tooltip.
   */
  readonly companion?: { readonly field: string; readonly title: string };
}

/**
 * A line of the map's tooltip for a device (`mapHint`): what a module knows of a device that is
 * worth a glance on the map without opening it (the fleet's sensor hearing it best). Fields
 * are read only when a user points at a device, so a hint costs the map nothing until then.
 */
export interface UiMapHint {
  /** The field it reads, as a device-table column names it (`svc.device.base.best_seenby`). */
  readonly field: string;
  /** The tooltip's words for the field's value (`best sensor campus/north`); undefined shows nothing. */
  text(value: unknown): string | undefined | Promise<string | undefined>;
}

/** How a state is doing, for `State`: healthy, waiting or retrying, failed, or off. */
export type UiStateTone = 'good' | 'waiting' | 'bad' | 'off';

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
    /**
     * A value kept fresh: `load` now, again every `intervalMs` and when `dependencies` change;
     * the last value, the last error as a sentence ('' after a load that worked), and a reload.
     */
    usePolled<T>(load: () => Promise<T>, intervalMs: number, dependencies: readonly unknown[]): { readonly value: T | undefined; readonly error: string; reload(): void };
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
    /** A state word coloured as the app colours states (`connected` as good, `waiting` as bad...). */
    State: UiComponent<{ state: string; tone: UiStateTone; testid?: string }>;
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
  /**
   * Adds a panel to the detail of every device of a PHY (`IEEE802.11`, `RFSENSOR`, `BTLE`...), or
   * of every device whatever its PHY with `'*'` (what any device can carry: the fleet's sensors).
   */
  devicePanel(panel: { readonly phy: string; readonly title: string; readonly render: UiComponent<{ device: UiDevice }> }): void;
  /** Adds a page to the app's navigation (`#/page/<id>`). */
  page(page: { readonly id: string; readonly title: string; readonly render: UiComponent<Record<string, never>> }): void;
  /**
   * Adds device-table columns and sets the default columns of the module's views; the first
   * module to name a view sets its defaults. A view no module names shows the app's defaults.
   */
  deviceColumns(columns: UiDeviceColumns): void;
  /**
   * Adds a block, under its title, to the integrations of the system page: what the plugin
   * sends to or reads from outside svc (a broker, a bridge), with its state. It is rendered
   * while the page is open; it keeps itself fresh (`hooks.usePolled`).
   */
  integrationPanel(panel: { readonly title: string; readonly render: UiComponent<Record<string, never>> }): void;
  /** Adds a layer to the map page: the located devices of a view, drawn with the layer's marker (and track). */
  mapLayer(layer: UiMapLayer): void;
  /** Adds a line to the map's tooltip of a single device, from one of its fields. */
  mapHint(hint: UiMapHint): void;
}

/** What a UI module exports by default. */
export type UiModuleRegister = (ui: UiModuleApi) => void;
