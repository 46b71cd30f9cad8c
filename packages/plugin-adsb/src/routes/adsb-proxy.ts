/**
 * Kismet's ADS-B proxy: `POST /phy/ADSB/proxy/create.cmd` (admin) makes an `adsbproxy`
 * datasource (`uuid` and `name` optional, as in Kismet), and a client then streams AVR lines
 * (`*<hex>;`, one per text message, what a decoder sends on port 30002) into it over
 * `/phy/ADSB/by-uuid/<uuid>/proxy.ws` (roles `admin` or `datasource`): each becomes a Mode S
 * packet of that source, so a decoder on another machine can feed svc through its web port
 * alone. A line that is no frame is counted as an error packet of the source. Kismet's own
 * `adsbproxy` capture tool binds to the same type over remote capture.
 */
import { randomUUID } from 'node:crypto';
import { createPacketQueue, SvcError, type DatasourceTypeDefinition, type Packet, type PacketQueue, type RouteRegistry, type Service } from '@svc/core';
import { frameFromHex } from '../modes/hex-frame.js';
import { modeSPacket, unreadableFramePacket } from '../feeds/mode-s-link-type.js';

/** Type name of proxy sources (Kismet's). */
export const ADSB_PROXY_TYPE = 'adsbproxy';
/** The name of a proxy source made without one (Kismet's). */
const DEFAULT_NAME = 'ADSB proxy';
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
/** The longest line taken: a 112-bit frame with `*`, `;` and a line end, with room to spare. */
const MAX_LINE = 64;

/** The type: sources exist only through the proxy route or a remote capture tool, never opened from a definition. */
export const adsbProxySourceType: DatasourceTypeDefinition = {
  name: ADSB_PROXY_TYPE,
  description: 'Mode S frames streamed into svc as AVR lines over /phy/ADSB/by-uuid/<uuid>/proxy.ws, after POST /phy/ADSB/proxy/create.cmd',
  capabilities: { probe: false, list: false, local: false, remote: true, passive: true, tune: false, hop: false },
  options: {},
};

/** The frame of one AVR line (`*<hex>;`, line end optional), or undefined for anything else. */
export function proxyLineFrame(line: string): Buffer | undefined {
  if (line.length > MAX_LINE) return undefined;
  const text = line.trimEnd();
  if (text.charCodeAt(0) !== 42 /* * */ || text.charCodeAt(text.length - 1) !== 59 /* ; */) return undefined;
  return frameFromHex(text, 1, text.length - 1);
}

/** The proxies made since start: their packet queues by upper-case UUID. */
class ProxySources {
  readonly #queues = new Map<string, PacketQueue>();

  constructor(private readonly svc: Service) {}

  /** Makes a proxy source; its record. */
  async create(command: Readonly<Record<string, unknown>>): Promise<Record<string, unknown>> {
    const { uuid: requested, name = DEFAULT_NAME } = command;
    if (requested !== undefined && (typeof requested !== 'string' || !UUID.test(requested))) throw new SvcError('SVC_ERR_BAD_REQUEST', `invalid UUID ${JSON.stringify(requested)}`);
    if (typeof name !== 'string' || name.trim() === '' || /[:,]/.test(name)) throw new SvcError('SVC_ERR_BAD_REQUEST', 'name must be text without : or ,');
    const uuid = (requested ?? randomUUID()).toUpperCase();
    if (this.svc.datasources.get(uuid)) throw new SvcError('SVC_ERR_CONFLICT', `a datasource with UUID ${uuid} already exists`);
    const source = await this.svc.datasources.remote.bind({
      uuid,
      type: ADSB_PROXY_TYPE,
      definition: name,
      remoteIp: '',
      opener: async () => {
        const queue = createPacketQueue();
        this.#queues.set(uuid, queue);
        return {
          info: { captureInterface: name, hardware: DEFAULT_NAME },
          packets: queue.batches,
          close: async () => {
            queue.end();
            if (this.#queues.get(uuid) === queue) this.#queues.delete(uuid);
          },
        };
      },
    });
    return this.svc.datasources.record(source);
  }

  /** The queue of an open proxy source, or a 404 naming why not. */
  queue(uuid: string): PacketQueue {
    const queue = this.#queues.get(uuid.toUpperCase());
    if (queue === undefined) throw new SvcError('SVC_ERR_NOT_FOUND', `no open ADS-B proxy source ${uuid} (make one with POST /phy/ADSB/proxy/create.cmd)`);
    return queue;
  }
}

/** Adds the create route and the proxy websocket. */
export function addAdsbProxyRoutes(routes: RouteRegistry, svc: Service): void {
  const proxies = new ProxySources(svc);
  routes.http({
    methods: ['POST'],
    path: '/phy/ADSB/proxy/create',
    formats: ['cmd'],
    role: 'admin',
    description: 'makes an adsbproxy datasource (uuid and name optional) that AVR lines sent to /phy/ADSB/by-uuid/<uuid>/proxy.ws feed; answers its record',
    handler: ({ command }) => proxies.create(command),
  });
  routes.websocket({
    path: '/phy/ADSB/by-uuid/:uuid/proxy.ws',
    role: ['datasource'],
    description: 'feeds an adsbproxy datasource: each text message one AVR line *<hex>; (others are counted as error packets)',
    accept: ({ params }) => void proxies.queue(params.uuid ?? ''),
    connect: (session, { params }) => {
      const uuid = params.uuid!.toUpperCase();
      return {
        message(data, isBinary) {
          let queue: PacketQueue;
          try {
            queue = proxies.queue(uuid);
          } catch (error) {
            session.close(1011, (error as Error).message.slice(0, 120));
            return;
          }
          const frame = isBinary ? undefined : proxyLineFrame(data as string);
          const packet: Packet = frame ? modeSPacket(frame, uuid) : unreadableFramePacket(uuid);
          if (!queue.push(packet)) {
            session.pause();
            void queue.drained().then(() => session.resume());
          }
        },
      };
    },
  });
}
