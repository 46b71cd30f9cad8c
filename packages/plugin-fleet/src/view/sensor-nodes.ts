/**
 * The sensors the fleet view has heard of, from their status and source subjects: each node
 * with its site, server UUID, latest status and its sources' latest states, served at
 * `/fleet/sensors.json` so the centre sees every node and what its radios are doing.
 */
import type { FieldDefinition } from '@svc/core';
import type { SensorIdentity } from '../sensor/fleet-sensor.js';

/** Fields of a sensor node's record, beside the status fields (`svc.fleet.*`) it carries. */
export const SENSOR_NODE_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.fleet.sensor.site', type: 'string', description: 'the site of the sensor node' },
  { name: 'svc.fleet.sensor.node', type: 'string', description: 'the name of the sensor node' },
  { name: 'svc.fleet.sensor.uuid', type: 'uuid', description: "the sensor's server UUID, as its devices' seen-by entries name it" },
  { name: 'svc.fleet.sensor.last_heard', type: 'double', description: 'Unix seconds (the sensor clock) of the last message heard from the node' },
  { name: 'svc.fleet.sensor.status', type: 'object', description: "the node's latest status record (svc.fleet.*)" },
  { name: 'svc.fleet.sensor.sources', type: 'vector[object]', description: "the node's datasources, each the latest state it published (svc.datasource.*)" },
];

/** A sensor node as the view knows it. */
export interface SensorNode {
  identity: SensorIdentity;
  lastHeard: number;
  status: Record<string, unknown> | undefined;
  readonly sources: Map<string, Record<string, unknown>>;
}

/** Every sensor node heard of, by site and node. */
export class SensorNodes {
  readonly #nodes = new Map<string, SensorNode>();

  get size(): number {
    return this.#nodes.size;
  }

  /** Notes a message from a sensor; returns its node. */
  heard(identity: SensorIdentity, time: number): SensorNode {
    const id = `${identity.site}/${identity.node}`;
    let node = this.#nodes.get(id);
    if (!node) this.#nodes.set(id, (node = { identity, lastHeard: 0, status: undefined, sources: new Map() }));
    node.identity = identity;
    if (time > node.lastHeard) node.lastHeard = time;
    return node;
  }

  status(identity: SensorIdentity, time: number, status: Record<string, unknown>): void {
    this.heard(identity, time).status = status;
  }

  source(identity: SensorIdentity, time: number, event: string, state: Record<string, unknown>): void {
    const { sources } = this.heard(identity, time);
    const uuid = String(state['svc.datasource.uuid']);
    if (event === 'DATASOURCE_REMOVED') sources.delete(uuid);
    else sources.set(uuid, state);
  }

  /** The node that has the source `uuid` (any case); undefined when no node listed it. */
  withSource(uuid: string): SensorNode | undefined {
    const wanted = uuid.toUpperCase();
    for (const node of this.#nodes.values()) for (const key of node.sources.keys()) if (key.toUpperCase() === wanted) return node;
    return undefined;
  }

  /** The nodes as records, by site and node name. */
  records(): Record<string, unknown>[] {
    return [...this.#nodes.values()]
      .sort((a, b) => a.identity.site.localeCompare(b.identity.site) || a.identity.node.localeCompare(b.identity.node))
      .map((node) => ({
        'svc.fleet.sensor.site': node.identity.site,
        'svc.fleet.sensor.node': node.identity.node,
        'svc.fleet.sensor.uuid': node.identity.uuid,
        'svc.fleet.sensor.last_heard': node.lastHeard,
        'svc.fleet.sensor.status': node.status ?? {},
        'svc.fleet.sensor.sources': [...node.sources.values()],
      }));
  }
}
