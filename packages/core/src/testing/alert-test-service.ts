/**
 * What every PHY's alert tests need: a test service with the plugin whose alerts are let through
 * unthrottled (so a test counts events, not the throttle), packets run through the real packet
 * chain, the alert records raised since the last look, and the errors the server logged (a check
 * that threw). Each plugin's tests add their own frame builders on top.
 */
import { createLogger } from '../logger.js';
import type { AlertRecord } from '../alerts/alert-tracker.js';
import type { Packet } from '../packets/packet.js';
import type { PluginDefinition, PluginEntry } from '../plugin.js';
import { runPacketChain } from '../packets/chain.js';
import { createTestService, type TestService } from './test-service.js';

/** A test service for alert checks, and helpers around it. */
export interface AlertTestService {
  readonly t: TestService;
  /** Runs a packet through the chain, as a datasource's would run; returns it. */
  run(packet: Packet): Packet;
  /** The alert records raised since the last call. */
  fresh(): AlertRecord[];
  /** Errors the server logged. */
  readonly errors: string[];
  close(): Promise<void>;
}

/**
 * Starts a service with `plugins` and every alert named in `alerts` unthrottled (100,000 a
 * minute and a second), a backlog of 10,000, and `config` added (which may enable an alert
 * that is off by default).
 */
export async function alertTestService(options: {
  readonly plugins: readonly (PluginDefinition<any> | PluginEntry)[];
  readonly alerts: readonly string[];
  readonly config?: Record<string, string | string[]>;
}): Promise<AlertTestService> {
  const errors: string[] = [];
  const log = createLogger({ level: 'error', write: (line) => void errors.push(line) });
  const unthrottled = options.alerts.map((name) => `${name},100000/min,100000/sec`);
  const t = await createTestService({ plugins: options.plugins, config: { alert: unthrottled, alertbacklog: '10000', ...options.config }, log });
  let seen = 0;
  return {
    t,
    errors,
    run(packet) {
      runPacketChain(t.svc.hooks, packet);
      return packet;
    },
    fresh() {
      const all = t.svc.alerts.all();
      const records = all.slice(seen);
      seen = all.length;
      return records;
    },
    close: () => t.close(),
  };
}
