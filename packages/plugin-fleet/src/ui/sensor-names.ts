/**
 * A sensor as people name it: `site/node` from `/fleet/sensors.json`, by the server UUID that
 * devices' seen-by entries and `svc.device.base.best_seenby` carry. The block, the panel and the
 * column all name sensors this way, so a UUID is only shown for a sensor the view never listed.
 */

/** A sensor node record as `/fleet/sensors.json` serves it. */
export type SensorNodeRecord = Readonly<Record<string, any>>;

/** `site/node` by sensor UUID (upper case, as seen-by entries may spell it either way). */
export function sensorNames(nodes: readonly SensorNodeRecord[]): Map<string, string> {
  return new Map(nodes.map((node) => [String(node['svc.fleet.sensor.uuid']).toUpperCase(), `${node['svc.fleet.sensor.site']}/${node['svc.fleet.sensor.node']}`]));
}

/** The sensor's `site/node`, else its UUID. */
export function sensorName(names: ReadonlyMap<string, string>, uuid: unknown): string {
  return names.get(String(uuid).toUpperCase()) ?? String(uuid);
}

/**
 * Sensor names for what cannot wait on a request of its own (a table cell drawn now, a tooltip
 * line wanted soon): the last `fleet/sensors.json` read, read again when a sensor it cannot name
 * turns up, at most once every `retryMs`, so a page of cells asks once, not once per cell.
 */
export class SensorNameBook {
  private names = new Map<string, string>();
  private askedAt = -Infinity;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly get: (path: string) => Promise<any>,
    private readonly retryMs = 10_000,
  ) {}

  /** The name from the list read so far (the UUID until it names the sensor); reads it again if needed. */
  nameNow(uuid: unknown): string {
    if (!this.knows(uuid)) void this.read();
    return sensorName(this.names, uuid);
  }

  /** The name once a read the sensor needed has come. */
  async name(uuid: unknown): Promise<string> {
    if (!this.knows(uuid)) await this.read();
    return sensorName(this.names, uuid);
  }

  private knows(uuid: unknown): boolean {
    return this.names.has(String(uuid).toUpperCase());
  }

  private read(): Promise<void> {
    if (this.reading) return this.reading;
    if (Date.now() - this.askedAt < this.retryMs) return Promise.resolve();
    this.askedAt = Date.now();
    this.reading = this.get('fleet/sensors.json')
      .then(
        (nodes: SensorNodeRecord[]) => void (this.names = sensorNames(nodes)),
        () => undefined,
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}
