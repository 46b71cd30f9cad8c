/**
 * `@svc/plugin-adsb`: aircraft on 1090 MHz, built only on the public plugin API. It provides the
 * `adsb` datasource type, which reads the feeds of the decoder a user already runs (Beast, AVR,
 * SBS) and replays recordings of them.
 */
import { definePlugin } from '@svc/core';
import { adsbType } from './feeds/adsb-type.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-adsb';

/** The ADS-B plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  apply(svc) {
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => types.add(adsbType));
  },
});

export { ADSB_TYPE, adsbType } from './feeds/adsb-type.js';
export { DLT_MODE_S, SBS_RECORD_TYPE, beastSignalDbfs } from './feeds/mode-s-link-type.js';
export { BeastStream, type BeastMessage } from './feeds/beast-stream.js';
export { AvrStream, type AvrFrame } from './feeds/avr-stream.js';
export { detectFeedFormat, feedReader, FEED_FORMATS, type FeedFormat, type FeedItem, type FeedReader } from './feeds/feed-format.js';
