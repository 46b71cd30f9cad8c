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
