/**
 * Channel counting as a built-in feature: the channel records' fields; every packet counted at
 * the end of the chain (after the tracker's commit) on its frequency and channel; and a
 * one-second tick from `ready` until `shutdown` that samples the devices active per frequency
 * (a walk in slices of the event loop's turns) and moves the channel tracker's clock, so packets
 * never read it.
 */
import { definePlugin } from '../plugin.js';
import { nowSeconds } from '../time/timestamp.js';
import { CHANNEL_FIELDS } from './channel-tracker.js';

/** Name of the built-in channels plugin. */
export const CHANNELS_PLUGIN = '@svc/core:channels';

/** Track-stage priority of the channel tap: after the tracker's commit (1000). */
const CHANNEL_STAGE = 1100;

/** Counts packets and devices per frequency and channel. */
export const channelsPlugin = definePlugin({
  name: CHANNELS_PLUGIN,
  apply(svc) {
    const { channels } = svc;
    let timer: NodeJS.Timeout | undefined;
    svc.hooks.fields.tap(CHANNELS_PLUGIN, (fields) => fields.registerAll(CHANNEL_FIELDS));
    svc.hooks.packet.for('track').tap({ name: CHANNELS_PLUGIN, stage: CHANNEL_STAGE }, (packet) => channels.packet(packet));
    svc.hooks.ready.tapPromise(CHANNELS_PLUGIN, async () => {
      channels.tick();
      timer = setInterval(() => void channels.sampleDevices(nowSeconds()).catch((error: unknown) => svc.log.error('counting the active devices per frequency failed', error)), 1000);
      timer.unref();
    });
    svc.hooks.shutdown.tapPromise(CHANNELS_PLUGIN, async () => clearInterval(timer));
  },
});
