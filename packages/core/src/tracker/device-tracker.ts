/**
 * The device tracker: one record per (PHY, MAC), created and updated from the packet chain.
 * A PHY's classifier calls `touch()` with the packet and the MAC it belongs to; the tracker
 * updates the base fields and returns the device so the PHY can update its sub-record. At the
 * end of the chain (`track` stage) the tracker commits: `deviceCreated` / `deviceUpdated` fire,
 * views are updated and `NEW_DEVICE` is published.
 *
 * Devices are kept in a recency list (most recently heard first), which makes the memory
 * limits O(1) per device: `tracker_max_devices` evicts from the old end, and
 * `tracker_device_timeout` drops devices from the old end until one is recent enough.
 *
 * The ingest filter is consulted only for MACs the tracker does not hold: a blocked MAC is
 * never tracked, and a change of the rules removes the tracked devices they now block, so a
 * known device costs the filter nothing. A presence watcher (watchlists) hears of devices heard
 * for the first time or again after a silence, once the packet's chain is done.
 */
import { SvcError } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { RunHooks } from '../run-hooks.js';
import type { Packet } from '../packets/packet.js';
import { nowSeconds } from '../time/timestamp.js';
import { deviceRecord } from './device-fields.js';
import { deviceKey, parseDeviceKey } from './device-key.js';
import { MacTable } from './mac-table.js';
import { ChangedWalk } from './changed-walk.js';
import { lookupManufacturer } from './oui.js';
import { Rrd } from './rrd.js';
import { locate, recordSeenBy, recordSignal } from './device-observations.js';
import { TrackedDevice, type PhyState } from './tracked-device.js';
import { copyDeviceState } from './device-restore.js';
import type { DeviceViews } from '../views/device-views.js';
import type { DeviceAnnotations } from './device-annotations.js';
import type { IngestFilter } from '../filters/ingest-filter.js';

/** Tracker settings from config. */
export interface TrackerSettings {
  /** Look manufacturers up in the OUI registry. */
  readonly manufLookup: boolean;
  /** Keep per-device packet history (rrd). */
  readonly trackRrds: boolean;
  /** Seconds without packets after which a device is dropped; 0 = never. */
  readonly deviceTimeout: number;
  /** Devices kept at most; the least recently heard go first. 0 = unlimited. */
  readonly maxDevices: number;
}

/** Wants to know when a device is heard for the first time, or again after a silence (watchlists). */
export interface PresenceWatcher {
  /** Seconds of silence (packet time) after which a device heard again counts as found again. */
  readonly foundAfter: number;
  /** Called at commit, once the PHY has updated the device, with the packet that found it. */
  found(device: TrackedDevice, packet: Packet): void;
}

/** The global device list. */
export class DeviceTracker {
  /** Devices by MAC, one map per PHY, indexed by PHY id. */
  readonly #byPhy: MacTable<TrackedDevice>[] = [];
  /** Walks over the recency list taken in slices (`walkChanged`), told of every change to the list. */
  readonly #walks = new Set<ChangedWalk>();
  readonly #phys = new Map<string, PhyState>();
  readonly #phyByPrefix = new Map<string, PhyState>();
  readonly #touched: TrackedDevice[] = [];
  #newest: TrackedDevice | undefined;
  #oldest: TrackedDevice | undefined;
  #size = 0;
  #evicted = 0;
  /** The ingest filter while it can block something; undefined costs nothing. */
  #filter: IngestFilter | undefined;
  #presence: PresenceWatcher | undefined;
  /** Devices found in the current batch and the packets that found them, for the presence watcher. */
  readonly #found: { device: TrackedDevice; packet: Packet }[] = [];

  constructor(
    private readonly hooks: Pick<RunHooks, 'deviceCreated' | 'deviceUpdated'>,
    private readonly events: EventBus,
    private readonly views: DeviceViews,
    private readonly settings: TrackerSettings,
    private readonly annotations?: Pick<DeviceAnnotations, 'restore'>,
  ) {}

  /** Makes a PHY known to the tracker (done by the service for every registered PHY). */
  addPhy(phy: PhyState): void {
    this.#phys.set(phy.name, phy);
    this.#phyByPrefix.set(phy.keyPrefix, phy);
    this.#byPhy[phy.id] = new MacTable();
  }

  /** The PHY state by name (PHY plugins keep it to call `touch` cheaply). */
  phy(name: string): PhyState | undefined {
    return this.#phys.get(name);
  }

  /** Every PHY, in registration order. */
  phys(): PhyState[] {
    return [...this.#phys.values()];
  }

  /** Whether new devices get their manufacturer from the OUI registries (`manuf_lookup`). */
  get looksUpManufacturers(): boolean {
    return this.settings.manufLookup;
  }

  /** Number of tracked devices. */
  get size(): number {
    return this.#size;
  }

  /** Devices dropped by the memory limits since start. */
  get evicted(): number {
    return this.#evicted;
  }

  /**
   * Puts the ingest filter in force. After each change of its rules the tracker removes the
   * devices the new rules block, counting them on the rule that blocks them.
   */
  useFilter(filter: IngestFilter): void {
    const apply = () => {
      this.#filter = filter.passesEverything ? undefined : filter;
      if (this.#filter) this.#removeBlocked(this.#filter);
    };
    filter.onChange(apply);
    apply();
  }

  /** Sets (or with undefined, clears) the presence watcher. */
  watchPresence(watcher: PresenceWatcher | undefined): void {
    this.#presence = watcher;
  }

  /**
   * Records that `packet` belongs to the device (`phy`, `mac`), creating it if new. Updates
   * times, counters, signal, frequency and seen-by; returns the device for the PHY to update
   * its sub-record. Cheap enough to call for every packet.
   *
   * `transmitted` is false for a device the packet only names (the receiver, the access point
   * a client talks to, a wired host behind it): its times and counters move, but the packet's
   * signal and channel are the transmitter's and are not recorded on it.
   *
   * Returns undefined when the ingest filter drops the packet (this MAC, or one touched
   * before for the same packet, is blocked), or when the packet is a duplicate (another
   * source's copy of a frame already tracked: only its radio's view is recorded): the PHY then
   * records nothing more for it.
   */
  touch(packet: Packet, phy: PhyState, mac: number, transmitted = true): TrackedDevice | undefined {
    if (packet.filtered === true) return undefined;
    if (packet.duplicate === true) {
      this.#touchDuplicate(packet, phy, mac, transmitted);
      return undefined;
    }
    const devices = this.#byPhy[phy.id]!;
    let device = devices.get(mac);
    // Whole seconds, as Kismet keeps them and as they are served: small integers that V8 keeps
    // in the records themselves, where a fractional time would live in a box of its own.
    const time = packet.tsSec;
    if (device === undefined) {
      if (this.#filter !== undefined && this.#filter.drops(packet, phy, mac)) return undefined;
      const manuf = this.settings.manufLookup ? lookupManufacturer(mac) : 'Unknown';
      device = new TrackedDevice(deviceKey(phy.keyPrefix, mac), mac, phy, manuf, time);
      this.annotations?.restore(device);
      devices.set(mac, device);
      phy.deviceCount++;
      this.#size++;
      device.isNew = true;
      this.#pushNewest(device);
      if (this.#walks.size !== 0) for (const walk of this.#walks) walk.arrived(device);
      if (this.#presence !== undefined) this.#found.push({ device, packet });
    } else {
      if (this.#presence !== undefined && time - device.lastTime > this.#presence.foundAfter) this.#found.push({ device, packet });
      if (time > device.lastTime) device.lastTime = time;
      if (time < device.firstTime) device.firstTime = time;
      this.#moveToNewest(device);
    }
    if (transmitted && packet.device === undefined) packet.device = device;
    packet.phyName ??= phy.name;
    phy.packetCount++;
    device.packetsTotal++;
    if (packet.error) device.packetsError++;
    const length = packet.data?.length ?? 0;
    device.datasize += length;
    if (this.settings.trackRrds) (device.packetsRrd ??= new Rrd()).add(packet.tsSec, 1);
    const signal = transmitted ? packet.signal : undefined;
    if (signal) recordSignal(device, packet.tsSec, signal, this.settings.trackRrds);
    if (packet.sourceUuid) if (recordSeenBy(device, packet.sourceUuid, time)) this.views.seenbyView(packet.sourceUuid).add(device);
    if (packet.gps && packet.gps.fix >= 2) locate(device, packet.gps, signal?.signalDbm);
    if (!device.touched) {
      device.touched = true;
      this.#touched.push(device);
    }
    return device;
  }

  /**
   * A duplicate (another source's copy of a frame already tracked): only the radio's view of it
   * is recorded, on a device already tracked (seen-by; signal, frequency and position on the
   * device that sent it), as Kismet records duplicates.
   */
  #touchDuplicate(packet: Packet, phy: PhyState, mac: number, transmitted: boolean): void {
    const device = this.#byPhy[phy.id]!.get(mac);
    if (device === undefined) return;
    if (transmitted) {
      if (packet.signal) recordSignal(device, packet.tsSec, packet.signal, this.settings.trackRrds);
      if (packet.gps && packet.gps.fix >= 2) locate(device, packet.gps, packet.signal?.signalDbm);
      if (packet.device === undefined) packet.device = device;
    }
    if (packet.sourceUuid) if (recordSeenBy(device, packet.sourceUuid, packet.tsSec)) this.views.seenbyView(packet.sourceUuid).add(device);
    if (!device.touched) {
      device.touched = true;
      this.#touched.push(device);
    }
  }

  /**
   * Takes in a device rebuilt from a log at start (`tracker_restore`): it joins its PHY's table,
   * the views and the recency list as the newest device, without `deviceCreated` or `NEW_DEVICE`
   * (it is not new). False when a device with its key is already tracked or a filter rule
   * blocks it.
   */
  adopt(device: TrackedDevice): boolean {
    if (!this.#insert(device)) return false;
    this.views.deviceCreated(device);
    return true;
  }

  /**
   * Takes in a device another svc tracks (the fleet view's, merged from what its sensors
   * publish): it joins as `adopt` takes one, but as a new device, which the next `commit()`
   * announces (views, `deviceCreated`, `NEW_DEVICE`). False as for `adopt`.
   */
  admit(device: TrackedDevice): boolean {
    device.modTime = nowSeconds(); // changed here now, whatever the record said (see markChanged)
    if (!this.#insert(device)) return false;
    device.isNew = true;
    device.touched = true;
    this.#touched.push(device);
    return true;
  }

  /**
   * Gives a tracked device the state of `from`, the same device rebuilt from a record another
   * svc served (the fleet view's merge), keeping its identity, its views and the user's name
   * and tags; the next `commit()` announces the change (`deviceUpdated`).
   */
  refresh(device: TrackedDevice, from: TrackedDevice): void {
    if (from !== device) copyDeviceState(device, from);
    for (const seen of device.seenby ?? []) this.views.seenbyView(seen.uuid).add(device);
    this.markChanged(device);
  }

  /** Puts a device built outside the packet chain into its PHY's table and the recency list; false when its key is taken or a filter rule blocks it. */
  #insert(device: TrackedDevice): boolean {
    const devices = this.#byPhy[device.phy.id];
    if (!devices || devices.get(device.mac) !== undefined) return false;
    // A device the ingest filter now blocks stays out, as it would were it heard again.
    if (this.#filter?.blocking(device.phy, device.mac)) return false;
    this.annotations?.restore(device);
    devices.set(device.mac, device);
    device.phy.deviceCount++;
    this.#size++;
    this.#pushNewest(device);
    if (this.#walks.size !== 0) for (const walk of this.#walks) walk.arrived(device);
    for (const seen of device.seenby ?? []) this.views.seenbyView(seen.uuid).add(device);
    return true;
  }

  /**
   * For a MAC a PHY reads from a frame but does not track (the addresses of control frames):
   * false when an ingest filter rule blocks it, with the packet then marked filtered and counted
   * as that rule's, so the logs skip the frame as they skip frames of blocked devices.
   */
  admits(packet: Packet, phy: PhyState, mac: number): boolean {
    if (packet.filtered === true) return false;
    if (this.#filter === undefined || this.#byPhy[phy.id]!.get(mac) !== undefined) return true;
    return !this.#filter.drops(packet, phy, mac);
  }

  /** The device's full record (base fields and PHY sub-record), as events and clients get it. */
  record(device: TrackedDevice, now = nowSeconds()): Record<string, unknown> {
    return deviceRecord(device, now);
  }

  /**
   * Ends the current batch of touches: stamps `mod_time`, fires `deviceCreated` or
   * `deviceUpdated`, updates views and publishes `NEW_DEVICE`. The packet chain's `track`
   * stage calls this after every packet; code that touches devices outside the chain calls it.
   */
  commit(): void {
    if (this.#touched.length === 0) return;
    const now = nowSeconds();
    for (const device of this.#touched) {
      device.touched = false;
      device.modTime = now;
      if (device.isNew) {
        device.isNew = false;
        this.views.deviceCreated(device);
        this.hooks.deviceCreated.call(device);
        if (this.events.hasListeners('NEW_DEVICE')) this.events.publish('NEW_DEVICE', deviceRecord(device, now));
      } else {
        this.views.deviceUpdated(device);
        this.hooks.deviceUpdated.call(device);
      }
    }
    this.#touched.length = 0;
    if (this.#found.length > 0) this.#reportFound();
    if (this.settings.maxDevices > 0) while (this.#size > this.settings.maxDevices && this.#oldest) this.remove(this.#oldest);
  }

  /** Marks a device changed outside the packet chain (name, tag); call `commit()` after. Stamped now too: a commit may wait a turn (the fleet view's), and walkChanged needs the list in mod_time order meanwhile. */
  markChanged(device: TrackedDevice): void {
    device.modTime = nowSeconds();
    this.#moveToNewest(device);
    if (!device.touched) {
      device.touched = true;
      this.#touched.push(device);
    }
  }

  /** Drops devices not heard for `tracker_device_timeout` seconds; called periodically. */
  expire(now = nowSeconds()): number {
    if (this.settings.deviceTimeout <= 0) return 0;
    let removed = 0;
    while (this.#oldest && now - this.#oldest.lastTime > this.settings.deviceTimeout && !this.#oldest.touched) {
      this.remove(this.#oldest);
      removed++;
    }
    return removed;
  }

  /** Removes a device from the tracker and every view (counted as evicted). */
  remove(device: TrackedDevice): void {
    if (this.#drop(device)) this.#evicted++;
  }

  /** A device by key; undefined when the key names no device. */
  byKey(key: string): TrackedDevice | undefined {
    const parsed = parseDeviceKey(key);
    if (!parsed) return undefined;
    const phy = this.#phyByPrefix.get(parsed.prefix);
    return phy ? this.#byPhy[phy.id]!.get(parsed.mac) : undefined;
  }

  /** A device by a key a client sent: 400 when it is no device key, 404 when no device has it. */
  requireByKey(key: string): TrackedDevice {
    if (!parseDeviceKey(key)) throw new SvcError('SVC_ERR_BAD_REQUEST', `'${key}' is not a device key (<16 hex>_<12 hex>)`);
    const device = this.byKey(key);
    if (!device) throw new SvcError('SVC_ERR_NOT_FOUND', `no device with key '${key}'`);
    return device;
  }

  /**
   * The PHY's device with this MAC, or undefined; never creates one. A classifier uses it for
   * frames that may update a device but must not make one (Kismet's "existing only" updates).
   */
  find(phy: PhyState, mac: number): TrackedDevice | undefined {
    return this.#byPhy[phy.id]!.get(mac);
  }

  /** Every device with this MAC, across PHYs. */
  byMac(mac: number): TrackedDevice[] {
    const found: TrackedDevice[] = [];
    for (const devices of this.#byPhy) {
      if (!devices) continue;
      const device = devices.get(mac);
      if (device) found.push(device);
    }
    return found;
  }

  /**
   * Devices changed after `since` (server clock), most recent first. The recency list is in
   * `mod_time` order, so this visits only the changed devices.
   */
  *changedSince(since: number): IterableIterator<TrackedDevice> {
    for (let device = this.#newest; device && device.modTime > since; device = device.older) yield device;
  }

  /**
   * Visits every device changed after `since`, most recent first, a slice at a time
   * (`ChangedWalk.step`), so a caller can let the event loop turn between slices while the
   * packet chain goes on changing the list; each such device is visited once (changed-walk.ts).
   */
  walkChanged(since: number, visit: (device: TrackedDevice) => void): ChangedWalk {
    const walk: ChangedWalk = new ChangedWalk(this.#newest, since, visit, () => this.#walks.delete(walk));
    if (!walk.step(0)) this.#walks.add(walk);
    return walk;
  }

  /** Every device, most recently heard first. */
  *devices(): IterableIterator<TrackedDevice> {
    for (let device = this.#newest; device; device = device.older) yield device;
  }

  #drop(device: TrackedDevice): boolean {
    const devices = this.#byPhy[device.phy.id];
    if (devices?.get(device.mac) !== device) return false;
    devices.delete(device.mac);
    device.phy.deviceCount--;
    this.#size--;
    if (this.#walks.size !== 0) for (const walk of this.#walks) walk.leaving(device, true);
    this.#unlink(device);
    this.views.deviceRemoved(device);
    return true;
  }

  /** Removes the tracked devices the filter now blocks, counting each on its rule. */
  #removeBlocked(filter: IngestFilter): void {
    const blocked: TrackedDevice[] = [];
    for (const device of this.devices()) {
      const rule = filter.blocking(device.phy, device.mac);
      if (rule === undefined) continue;
      rule.countDevice(device.mac);
      blocked.push(device);
    }
    for (const device of blocked) this.#drop(device);
  }

  #reportFound(): void {
    const watcher = this.#presence;
    const found = this.#found.splice(0);
    if (watcher === undefined) return;
    for (const { device, packet } of found) if (this.#byPhy[device.phy.id]?.get(device.mac) === device) watcher.found(device, packet);
  }

  #pushNewest(device: TrackedDevice): void {
    device.older = this.#newest;
    device.newer = undefined;
    if (this.#newest) this.#newest.newer = device;
    this.#newest = device;
    this.#oldest ??= device;
  }

  #unlink(device: TrackedDevice): void {
    if (device.newer) device.newer.older = device.older;
    else this.#newest = device.older;
    if (device.older) device.older.newer = device.newer;
    else this.#oldest = device.newer;
    device.newer = device.older = undefined;
  }

  #moveToNewest(device: TrackedDevice): void {
    if (this.#newest === device) return;
    if (this.#walks.size !== 0) for (const walk of this.#walks) walk.leaving(device, false);
    this.#unlink(device);
    this.#pushNewest(device);
  }
}
