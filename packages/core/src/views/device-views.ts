/**
 * The run-time device views: each keeps its member list as devices are created, updated and
 * removed, so reading a page never scans the world. Membership removal is O(1) (swap with the
 * last member), so member order is creation order until devices leave.
 */
import type { TrackedDevice } from '../tracker/tracked-device.js';
import type { ViewDefinition } from './view-definition.js';
import { ViewIndexes } from './view-indexes.js';

/** Views that get a membership bit on each device (the rest use only the position map). */
const VIEW_BITS = 31;

/** One view and its members. */
export class DeviceView {
  readonly members: TrackedDevice[] = [];
  readonly #positions = new Map<TrackedDevice, number>();
  /** This view's bit in `TrackedDevice.viewBits`, or 0: membership checks on the packet path then skip the map. */
  readonly #bit: number;
  #indexes: ViewIndexes | undefined;

  /** @param slot the view's number, unique among the views of one service. */
  constructor(
    readonly definition: ViewDefinition,
    slot: number,
  ) {
    this.#bit = slot < VIEW_BITS ? 1 << slot : 0;
  }

  get id(): string {
    return this.definition.name;
  }

  get size(): number {
    return this.members.length;
  }

  /** The view's sort and search indexes, created when a query first needs one. */
  get indexes(): ViewIndexes {
    return (this.#indexes ??= new ViewIndexes(this));
  }

  has(device: TrackedDevice): boolean {
    return this.#bit ? (device.viewBits & this.#bit) !== 0 : this.#positions.has(device);
  }

  add(device: TrackedDevice): void {
    if (this.has(device)) return;
    device.viewBits |= this.#bit;
    this.#positions.set(device, this.members.length);
    this.members.push(device);
  }

  remove(device: TrackedDevice): void {
    if (!this.has(device)) return;
    const position = this.#positions.get(device)!;
    device.viewBits &= ~this.#bit;
    this.#positions.delete(device);
    this.#indexes?.deviceLeft(device);
    const last = this.members.pop()!;
    if (last !== device) {
      this.members[position] = last;
      this.#positions.set(last, position);
    }
  }
}

/** Prefix of the per-datasource views. */
export const SEENBY_VIEW_PREFIX = 'seenby-';

/** Every view, with the membership updates the tracker drives. */
export class DeviceViews {
  readonly #views = new Map<string, DeviceView>();
  /** Former view ids (`ViewDefinition.formerNames`) and the view each now names. */
  readonly #formerIds = new Map<string, DeviceView>();
  #recheck: DeviceView[] = [];

  /** Adds a view (at boot from the registry; at run time for datasources). */
  add(definition: ViewDefinition): DeviceView {
    const existing = this.#views.get(definition.name);
    if (existing) return existing;
    const view = new DeviceView(definition, this.#views.size);
    this.#views.set(definition.name, view);
    for (const former of definition.formerNames ?? []) this.#formerIds.set(former, view);
    if (definition.recheckOnUpdate !== false) this.#recheck.push(view);
    return view;
  }

  /** The view of `id`, or of a former id of a renamed view (a current id wins). */
  get(id: string): DeviceView | undefined {
    return this.#views.get(id) ?? this.#formerIds.get(id);
  }

  list(): DeviceView[] {
    return [...this.#views.values()];
  }

  /**
   * The `seenby-<UUID>` view of a datasource, created on first use. The tracker adds a device
   * when a source first sees it; membership never needs rechecking.
   */
  seenbyView(uuid: string): DeviceView {
    return this.add({
      name: `${SEENBY_VIEW_PREFIX}${uuid}`,
      description: `Devices seen by datasource ${uuid}`,
      includes: (device) => device.seenBy(uuid),
      recheckOnUpdate: false,
    });
  }

  deviceCreated(device: TrackedDevice): void {
    for (const view of this.#views.values()) if (view.definition.includes(device)) view.add(device);
  }

  deviceUpdated(device: TrackedDevice): void {
    for (const view of this.#recheck) {
      if (view.definition.includes(device)) view.add(device);
      else view.remove(device);
    }
  }

  deviceRemoved(device: TrackedDevice): void {
    for (const view of this.#views.values()) view.remove(device);
  }
}
