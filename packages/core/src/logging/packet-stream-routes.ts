/**
 * Kismet's live pcapng routes: every packet (`/pcap/all_packets.pcapng`), one datasource's
 * (`/datasource/pcap/by-uuid/{UUID}/packets.pcapng`), one device's
 * (`/devices/pcap/by-key/{KEY}/packets.pcapng`: frames it sent or that were addressed to it),
 * and the list of open streams with a way to end one. Readonly, as in Kismet; ending a stream
 * someone else opened takes admin.
 */
import { SvcError } from '../errors.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import { captureResponse } from '../http/capture-response.js';
import { TRACKED_FORMATS, type RouteRegistry } from '../http/route-registry.js';
import type { Service } from '../service-types.js';
import type { PacketStream, PacketStreamRequest, PacketStreams } from './pcapng/packet-streams.js';

/** Fields of a stream record. */
export const STREAM_FIELDS: readonly FieldDefinition[] = [
  { name: 'svc.stream.stream_id', type: 'uint64_t', description: 'stream id (for close_stream.cmd)' },
  { name: 'svc.stream.time', type: 'double', description: 'Unix seconds the stream started' },
  { name: 'svc.stream.name', type: 'string', description: 'file name offered to the client' },
  { name: 'svc.stream.type', type: 'string', description: 'stream format' },
  { name: 'svc.stream.description', type: 'string', description: 'what the stream carries' },
  { name: 'svc.stream.packets', type: 'uint64_t', description: 'packets sent' },
  { name: 'svc.stream.dropped_packets', type: 'uint64_t', description: 'packets dropped because the client read too slowly' },
  { name: 'svc.stream.size', type: 'uint64_t', description: 'bytes sent' },
];

function streamRecord(stream: PacketStream): Record<string, unknown> {
  return {
    'svc.stream.stream_id': stream.id,
    'svc.stream.time': stream.openedAt,
    'svc.stream.name': stream.name,
    'svc.stream.type': 'pcapng',
    'svc.stream.description': stream.description,
    'svc.stream.packets': stream.packets,
    'svc.stream.dropped_packets': stream.droppedPackets,
    'svc.stream.size': stream.bytes,
  };
}

/** Adds the packet stream routes. */
export function addPacketStreamRoutes(routes: RouteRegistry, svc: Service, streams: PacketStreams): void {
  const serve = (request: PacketStreamRequest) => captureResponse(streams.open(request).body, request.name);
  routes.http({
    methods: ['GET'],
    path: '/pcap/all_packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: 'every captured frame, live, as one pcapng stream (one interface per datasource)',
    handler: () => serve({ name: 'svc-all-packets.pcapng', description: 'pcapng of all packets', accepts: () => true }),
  });
  routes.http({
    methods: ['GET'],
    path: '/datasource/pcap/by-uuid/:uuid/packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: "one datasource's frames, live, as a pcapng stream",
    handler: ({ params }) => {
      const source = svc.datasources.get(params.uuid!.toUpperCase());
      if (!source) throw new SvcError('SVC_ERR_NOT_FOUND', `no datasource with UUID ${params.uuid}`);
      const uuid = source.uuid;
      return serve({ name: `svc-datasource-${source.name}-${uuid}.pcapng`, description: `pcapng of packets for datasource ${source.name} ${uuid}`, accepts: (packet) => packet.sourceUuid === uuid });
    },
  });
  routes.http({
    methods: ['GET'],
    path: '/devices/pcap/by-key/:key/packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: 'the frames a device sent or that were addressed to it, live, as a pcapng stream',
    handler: ({ params }) => {
      const device = svc.devices.requireByKey(params.key!);
      const { mac, phy } = device;
      return serve({
        name: `svc-device-${device.key}.pcapng`,
        description: `pcapng of packets for device ${device.key}`,
        accepts: (packet) => packet.device === device || (packet.destMac === mac && packet.phyName === phy.name),
      });
    },
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/streams/all_streams',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'the packet streams clients have open, with packets sent and dropped',
    handler: () => streams.list().map(streamRecord),
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/streams/by-id/:id/close_stream',
    formats: ['cmd'],
    role: 'admin',
    description: 'ends a packet stream',
    handler: ({ params }) => {
      if (!streams.close(Number(params.id))) throw new SvcError('SVC_ERR_NOT_FOUND', `no stream with id ${params.id}`);
      return { 'svc.stream.stream_id': Number(params.id) };
    },
  });
}
