/**
 * The name and description a datasource gets in a pcapng interface block: its name, and its
 * type, capture interface and UUID, so a frame in Wireshark can be traced back to its source.
 */
import type { DatasourceTracker } from '../../datasources/datasource-tracker.js';
import type { PcapngInterfaceName } from './pcapng-chunker.js';

/** Interface-block naming for the datasources of `datasources`. */
export function sourceInterfaceName(datasources: Pick<DatasourceTracker, 'get'>): (uuid: string) => PcapngInterfaceName {
  return (uuid) => {
    const source = datasources.get(uuid);
    if (!source) return { name: uuid || 'unknown', description: 'a datasource svc no longer has' };
    return { name: source.name, description: `${source.type.name} ${source.definition.interface} (${uuid})` };
  };
}
