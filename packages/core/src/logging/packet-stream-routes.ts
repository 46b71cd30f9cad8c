/**
 * Kismet's live pcapng routes: every packet (`/pcap/all_packets.pcapng`), one datasource's
 * (`/datasource/pcap/by-uuid/{UUID}/packets.pcapng`), one device's
 * (`/devices/pcap/by-key/{KEY}/packets.pcapng`: frames it sent or that were addressed to it),
 * and the list of open streams, one stream's record, and a way to end one. Readonly, as in
 * Kismet; ending a stream someone else opened takes admin. Streams are opened through
 * `svc.packetStreams`, which caps how many are open (pcapng/packet-stream-opener.ts).
 */
import type { Login } from '../auth/login.js';
import { SvcError } from '../errors.js';
import type { FieldDefinition } from '../fields/field-registry.js';
import { TRACKED_FORMATS, type RouteRegistry } from '../http/route-registry.js';
import type { Service } from '../service-types.js';
import type { MetricRegistry } from '../metrics/metric-registry.js';
import { MAX_STREAM_BYTES, type PacketStream, type PacketStreamRequest, type PacketStreams } from './pcapng/packet-streams.js';

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
  { name: 'svc.stream.buffered', type: 'uint64_t', description: `bytes held for the client now (queued chunks and the packing buffer; at most ${MAX_STREAM_BYTES} with the chunk in its socket)` },
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
    'svc.stream.buffered': stream.buffered,
  };
}

/** The packet streams in `/metrics`: how many are open, what they hold, what they dropped. */
export function addPacketStreamMetrics(metrics: MetricRegistry, streams: PacketStreams): void {
  metrics.gauge({ name: 'svc_packet_streams', help: 'live pcapng packet streams open', collect: (report) => report({}, streams.list().length) });
  metrics.gauge({ name: 'svc_packet_stream_buffered_bytes', help: `bytes the packet streams hold for their clients (at most ${MAX_STREAM_BYTES} each, with the chunk in its socket)`, collect: (report) => report({}, streams.buffered) });
  metrics.counter({ name: 'svc_packet_stream_dropped_packets_total', help: 'packets the packet streams dropped because their clients read too slowly', collect: (report) => report({}, streams.droppedPackets) });
}

/** Adds the packet stream routes. */
export function addPacketStreamRoutes(routes: RouteRegistry, svc: Service): void {
  const { streams } = svc.packetStreams;
  const serve = (request: Omit<PacketStreamRequest, 'ended'>, login: Login | undefined) => svc.packetStreams.open(request, login);
  routes.http({
    methods: ['GET'],
    path: '/pcap/all_packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: 'every captured frame, live, as one pcapng stream (one interface per datasource)',
    handler: ({ login }) => serve({ name: 'svc-all-packets.pcapng', description: 'pcapng of all packets', key: 'all', accepts: () => true }, login),
  });
  routes.http({
    methods: ['GET'],
    path: '/datasource/pcap/by-uuid/:uuid/packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: "one datasource's frames, live, as a pcapng stream",
    handler: ({ params, login }) => {
      const source = svc.datasources.get(params.uuid!.toUpperCase());
      if (!source) throw new SvcError('SVC_ERR_NOT_FOUND', `no datasource with UUID ${params.uuid}`);
      const uuid = source.uuid;
      return serve({ name: `svc-datasource-${source.name}-${uuid}.pcapng`, description: `pcapng of packets for datasource ${source.name} ${uuid}`, key: `source:${uuid}`, accepts: (packet) => packet.sourceUuid === uuid }, login);
    },
  });
  routes.http({
    methods: ['GET'],
    path: '/devices/pcap/by-key/:key/packets',
    formats: ['pcapng'],
    role: 'readonly',
    description: 'the frames a device sent or that were addressed to it, live, as a pcapng stream',
    handler: ({ params, login }) => {
      const device = svc.devices.requireByKey(params.key!);
      const { mac, phy } = device;
      return serve({
        name: `svc-device-${device.key}.pcapng`,
        description: `pcapng of packets for device ${device.key}`,
        key: `device:${device.key}`,
        accepts: (packet) => packet.device === device || (packet.destMac === mac && packet.phyName === phy.name),
      }, login);
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
    path: '/streams/by-id/:id/stream_info',
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'one packet stream, with packets sent and dropped',
    handler: ({ params }) => streamRecord(requireStream(streams, params.id!)),
  });
  routes.http({
    methods: ['GET', 'POST'],
    path: '/streams/by-id/:id/close_stream',
    formats: ['cmd'],
    role: 'admin',
    description: 'ends a packet stream',
    handler: ({ params }) => {
      const stream = requireStream(streams, params.id!);
      streams.close(stream.id);
      return { 'svc.stream.stream_id': stream.id };
    },
  });
}

/** The open stream with an id: 400 for an id that is not a number, 404 for one not open. */
function requireStream(streams: PacketStreams, id: string): PacketStream {
  if (!/^\d+$/.test(id)) throw new SvcError('SVC_ERR_BAD_REQUEST', `a stream id is a number (/streams/all_streams.json lists them), not '${id}'`);
  const stream = streams.list().find((open) => open.id === Number(id));
  if (!stream) throw new SvcError('SVC_ERR_NOT_FOUND', `no stream with id ${id}`);
  return stream;
}
