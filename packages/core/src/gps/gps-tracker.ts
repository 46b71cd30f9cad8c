/**
 * The GPS tracker: every configured GPS, its state and last fix, and the best current position.
 * GPSes are ranked in the order they were added; the first one whose fix is recent (within
 * `validFor` seconds) and at least 2D wins, data-only GPSes (Kismet's `meta` type) aside: their
 * positions go only to the datasources bound to them (`metagps=`, `namedGps`). That position is stamped onto every packet that
 * arrives without one, so devices heard meanwhile get `svc.device.base.location`; but a packet
 * recorded at a time that a GPS knowing its past covers (a timed track file) takes where that
 * GPS was at the packet's time (`packetGpsAt`), so a replayed capture lines up with its track.
 * A GPS that fails to open or goes away is reopened after `retryDelay` seconds, twice as long
 * after each further failure (up to a minute) until it opens again; its failure is a message,
 * never a crash.
 */
import { describeError, SvcError } from '../errors.js';
import type { Logger } from '../logger.js';
import { MessageFlags, type MessageBus } from '../messages/message-bus.js';
import type { PacketGps } from '../packets/packet.js';
import type { Registry } from '../registry.js';
import { GpsFixQuality, type GpsFix } from './gps-fix.js';
import { parseGpsDefinition } from './gps-definition.js';
import type { GpsConnection, GpsDefinition, GpsTypeDefinition } from './gps-type.js';
import { SensorTrack } from './sensor-track.js';

/** What the tracker works with. */
export interface GpsTrackerDeps {
  readonly types: Registry<GpsTypeDefinition>;
  readonly messages: MessageBus;
  readonly log: Logger;
  /** Seconds a fix stays current after it arrived. */
  readonly validFor: number;
  /** Seconds before a failed GPS is reopened. */
  readonly retryDelay: number;
  /** Milliseconds clock; tests pass their own. */
  readonly now?: () => number;
}

/** One configured GPS. */
export interface GpsDevice {
  readonly definition: GpsDefinition;
  /** Its UUID (`uuid=`, else derived from its name and line). */
  readonly uuid: string;
  /** True when its positions are only for the datasources bound to it, never the server's. */
  readonly dataOnly: boolean;
  readonly typeDescription: string;
  /** Seconds its fixes stay current: its type's `validFor` or `gps_fix_valid_time`, the longer. */
  readonly validFor: number;
  state: 'opening' | 'running' | 'error' | 'closed';
  /** Why it is in error. */
  error: string;
  /** Where its fixes come from, once open. */
  description: string;
  /** Its last report. */
  lastFix: GpsFix | undefined;
  /** Clock (ms) when `lastFix` arrived. */
  lastUpdate: number;
  connection: GpsConnection | undefined;
  retryTimer: NodeJS.Timeout | undefined;
  /** Bumped on each open, so reports of an abandoned connection are ignored. */
  generation: number;
  /** Failures since it last opened: each one doubles the delay before the next try, up to a minute. */
  failures: number;
}

/** Longest delay between two tries to open a GPS. */
const RETRY_MAX_SECONDS = 60;

/** Tracks the GPSes and the best current position. */
export class GpsTracker {
  /** Where the best fix has been: this sensor's track. */
  readonly track = new SensorTrack();
  readonly #devices: GpsDevice[] = [];
  readonly #now: () => number;
  #best: { device: GpsDevice; fix: GpsFix } | undefined;
  #packetGps: PacketGps | undefined;
  /** Running GPSes that know their past (`positionAt`), in rank order; usually none. */
  #recorded: GpsDevice[] = [];
  #stopped = false;

  constructor(private readonly deps: GpsTrackerDeps) {
    this.#now = deps.now ?? Date.now;
  }

  /** The current position to stamp on a packet that has none: the best valid fix, or undefined. */
  get packetGps(): PacketGps | undefined {
    return this.#packetGps;
  }

  /**
   * The position to stamp on a packet recorded at Unix time `time` that has none. The rule: when
   * a running GPS knows where it was at that time (a timed track whose span covers it; the first
   * such GPS in rank order), its position then; otherwise the current one (`packetGps`). A live
   * packet is recorded now, which no recorded track covers, so it takes the current position; a
   * capture replayed with the track recorded alongside it takes the track's positions at its
   * packets' own times, however fast it is replayed.
   */
  packetGpsAt(time: number): PacketGps | undefined {
    for (const device of this.#recorded) {
      const fix = device.connection?.positionAt?.(time);
      if (fix) return packetGpsOf(fix);
    }
    return this.#packetGps;
  }

  /** Every GPS in rank order. */
  list(): readonly GpsDevice[] {
    return this.#devices;
  }

  /** The best valid fix and the GPS it came from, or undefined when none is valid. */
  best(): { device: GpsDevice; fix: GpsFix } | undefined {
    return this.#best;
  }

  /** The GPS with this UUID (any case), if any. */
  byUuid(uuid: string): GpsDevice | undefined {
    const wanted = uuid.toUpperCase();
    return this.#devices.find((device) => device.uuid === wanted);
  }

  /** The GPS with this name, if any. */
  byName(name: string): GpsDevice | undefined {
    return this.#devices.find((device) => device.definition.name === name);
  }

  /**
   * Adds a GPS from a `gps=` line and opens it. A bad line or an unknown type throws (400), a
   * UUID in use is a 409; a GPS that fails to open stays in the list in error and is retried.
   */
  async add(line: string): Promise<GpsDevice> {
    if (this.#stopped) throw new SvcError('SVC_ERR_INTERNAL', 'the GPS tracker has stopped');
    const definition = parseGpsDefinition(line, new Set(this.#devices.map((device) => device.definition.name)));
    const type = this.deps.types.get(definition.type);
    if (!type) {
      const known = this.deps.types.list().map((entry) => entry.name).join(', ') || 'none';
      throw new SvcError('SVC_ERR_NO_GPS_TYPE', `gps '${line}': no GPS type '${definition.type}' (known: ${known})`);
    }
    const taken = this.byUuid(definition.uuid);
    if (taken) throw new SvcError('SVC_ERR_CONFLICT', `gps '${line}': GPS ${taken.definition.name} has UUID ${definition.uuid} already`);
    const device: GpsDevice = {
      definition,
      uuid: definition.uuid,
      dataOnly: definition.dataOnly ?? type.dataOnly ?? false,
      typeDescription: type.description,
      validFor: Math.max(this.deps.validFor, type.validFor ?? 0),
      state: 'opening',
      error: '',
      description: '',
      lastFix: undefined,
      lastUpdate: 0,
      connection: undefined,
      retryTimer: undefined,
      generation: 0,
      failures: 0,
    };
    this.#devices.push(device);
    await this.#open(device, type);
    return device;
  }

  /** Closes a GPS and takes it out of the list. */
  async remove(device: GpsDevice): Promise<void> {
    const index = this.#devices.indexOf(device);
    if (index < 0) return;
    this.#devices.splice(index, 1);
    await this.#close(device, 'closed');
    this.deps.messages.post(`gps ${device.definition.name} (${device.uuid}) removed`);
  }

  /**
   * Makes a `meta` GPS named `name` unless a GPS of that name exists (a datasource's `metagps=`
   * binds it to one, as Kismet makes it when a source names one that is not there). A failure is
   * a message; the source goes on without positions.
   */
  ensureMeta(name: string): void {
    if (this.byName(name) || this.#stopped) return;
    this.add(`meta:name=${name}`).catch((error: unknown) => this.deps.messages.post(`gps meta ${name} for a datasource's metagps= was not made: ${describeError(error)}`, MessageFlags.ERROR));
  }

  /**
   * The position to stamp on a packet of a datasource bound to the GPS named `name`
   * (`metagps=`): its current fix, or undefined when it has none (the packet then has no
   * position: the server's is not where that source is).
   */
  namedGps(name: string): PacketGps | undefined {
    const device = this.byName(name);
    return device && this.isCurrent(device) ? packetGpsOf(device.lastFix!) : undefined;
  }

  /**
   * Re-ranks the fixes: a fix older than `validFor` stops counting. Called on every update and
   * once a second by the owner, so stamping never reads a clock.
   */
  refresh(): void {
    const now = this.#now();
    let best: { device: GpsDevice; fix: GpsFix } | undefined;
    for (const device of this.#devices) {
      if (!device.dataOnly && this.isCurrent(device, now)) {
        best = { device, fix: device.lastFix! };
        break;
      }
    }
    if (best?.fix !== this.#best?.fix) {
      this.#best = best;
      this.#packetGps = best ? packetGpsOf(best.fix) : undefined;
      if (best) this.track.record(best.fix);
    }
    this.#recorded = this.#devices.filter((device) => !device.dataOnly && device.state === 'running' && device.connection?.positionAt !== undefined);
  }

  /** True when the GPS is running and its last fix is at least 2D and recent. */
  isCurrent(device: GpsDevice, now = this.#now()): boolean {
    const fix = device.lastFix;
    return fix !== undefined && fix.fix >= GpsFixQuality.TWO_D && device.state === 'running' && now - device.lastUpdate <= device.validFor * 1000;
  }

  /** Closes every GPS and stops retrying. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#devices.map((device) => this.#close(device, 'closed')));
  }

  async #open(device: GpsDevice, type: GpsTypeDefinition): Promise<void> {
    const generation = ++device.generation;
    const name = device.definition.name;
    const current = () => generation === device.generation && !this.#stopped;
    device.state = 'opening';
    try {
      const connection = await type.open(device.definition, {
        name,
        log: this.deps.log,
        update: (fix) => {
          if (!current()) return;
          device.lastFix = fix;
          device.lastUpdate = this.#now();
          this.refresh();
        },
        lost: (reason) => {
          if (current()) void this.#fail(device, type, reason);
        },
        message: (text, level = 'info') => this.deps.messages.post(`gps ${name}: ${text}`, level === 'error' ? MessageFlags.ERROR : MessageFlags.INFO),
      });
      if (!current()) {
        await connection.close();
        return;
      }
      device.connection = connection;
      device.description = connection.description;
      device.state = 'running';
      device.error = '';
      device.failures = 0;
      // A fix reported while opening counts from now on, not from the next periodic refresh.
      this.refresh();
      this.deps.messages.post(`gps ${name} opened (${connection.description})`);
    } catch (error) {
      if (current()) await this.#fail(device, type, describeError(error));
    }
  }

  async #fail(device: GpsDevice, type: GpsTypeDefinition, reason: string): Promise<void> {
    // The reason is set with the error state, so nobody reads one without the other.
    device.error = reason;
    await this.#close(device, 'error');
    const delay = Math.min(RETRY_MAX_SECONDS, this.deps.retryDelay * 2 ** Math.min(device.failures, 10));
    device.failures++;
    this.deps.messages.post(`gps ${device.definition.name} failed: ${reason}; retrying in ${Number(delay.toFixed(1))} s`, MessageFlags.ERROR);
    if (this.#stopped) return;
    device.retryTimer = setTimeout(() => {
      device.retryTimer = undefined;
      void this.#open(device, type);
    }, delay * 1000);
    device.retryTimer.unref();
  }

  async #close(device: GpsDevice, state: 'closed' | 'error'): Promise<void> {
    clearTimeout(device.retryTimer);
    device.retryTimer = undefined;
    device.generation++;
    device.state = state;
    this.refresh();
    const connection = device.connection;
    device.connection = undefined;
    if (connection) {
      try {
        await connection.close();
      } catch (error) {
        this.deps.log.debug(`gps ${device.definition.name}: close failed: ${describeError(error)}`);
      }
    }
  }
}

/** A fix as a packet carries it. */
function packetGpsOf(fix: GpsFix): PacketGps {
  return { lat: fix.lat, lon: fix.lon, alt: fix.alt, fix: fix.fix, time: fix.time };
}
