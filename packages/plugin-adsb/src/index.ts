/**
 * `@svc/plugin-adsb`: aircraft on 1090 MHz, built only on the public plugin API. It provides the
 * `ADSB` PHY (aircraft keyed by ICAO address, decoded by svc's own Mode S decoder), the `adsb`
 * datasource type, which reads the feeds of the decoder a user already runs (Beast, AVR, SBS)
 * and replays recordings of them, and the `rtladsb` type, an RTL-SDR through rtl_adsb; and
 * Kismet's ADS-B routes: the aircraft map's data, the frames received, live, as AVR lines
 * and Beast messages on websockets, and the proxy that streams a remote decoder's frames in.
 */
import { definePlugin } from '@svc/core';
import { ADSB_PHY_NAME, adsbPhy } from './adsb-phy.js';
import { applyAircraftAlerts } from './alerts/aircraft-alerts.js';
import { WATCH_CONFIG_KEY } from './alerts/aircraft-watch-list.js';
import { createAdsbType } from './feeds/adsb-type.js';
import { DUMP1090_COMMAND } from './feeds/iq-replay.js';
import { createRtlAdsbType, RTL_ADSB_COMMAND } from './rtladsb/rtladsb-type.js';
import { addAdsbProxyRoutes, adsbProxySourceType } from './routes/adsb-proxy.js';
import { tapFrameFeed } from './routes/frame-feed.js';
import { addFrameSocketMetrics, addFrameSocketRoutes, FrameSocketCounters } from './routes/frame-sockets.js';
import { addMapDataRoute, registerMapDataFields } from './routes/map-data-route.js';

/** Package name, used as the tap name on every hook. */
export const PLUGIN_NAME = '@svc/plugin-adsb';

/** The ADS-B plugin. */
export default definePlugin({
  name: PLUGIN_NAME,
  core: '^0.1.0',
  dependencies: [],
  configKeys: {
    rtladsb_command: `the rtl_adsb program, a name on PATH or a path (default ${RTL_ADSB_COMMAND})`,
    dump1090_command: `the program IQ recordings are demodulated with (default ${DUMP1090_COMMAND})`,
    [WATCH_CONFIG_KEY]: 'aircraft to raise ADSBWATCH for: ICAO addresses (six hex digits) and callsign patterns (* and ?), comma-separated; repeatable',
  },
  apply(svc) {
    svc.hooks.phys.tap(PLUGIN_NAME, (phys) => phys.add(adsbPhy));
    applyAircraftAlerts(svc, PLUGIN_NAME, ADSB_PHY_NAME);
    svc.hooks.datasourceTypes.tap(PLUGIN_NAME, (types) => {
      types.add(createAdsbType(svc.config.get('dump1090_command') ?? DUMP1090_COMMAND));
      types.add(createRtlAdsbType(svc.config.get('rtladsb_command') ?? RTL_ADSB_COMMAND));
      types.add(adsbProxySourceType);
    });
    const feed = tapFrameFeed(svc, PLUGIN_NAME);
    const counters = new FrameSocketCounters();
    svc.hooks.fields.tap(PLUGIN_NAME, registerMapDataFields);
    svc.hooks.routes.tap(PLUGIN_NAME, (routes) => {
      addMapDataRoute(routes, svc);
      addFrameSocketRoutes(routes, feed, counters, svc.log);
      addAdsbProxyRoutes(routes, svc);
    });
    svc.hooks.metrics.tap(PLUGIN_NAME, (metrics) => addFrameSocketMetrics(metrics, counters));
  },
});

export { ADSB_TYPE, createAdsbType } from './feeds/adsb-type.js';
export { DUMP1090_COMMAND, IQ_EXTENSIONS } from './feeds/iq-replay.js';
export { DLT_MODE_S, SBS_RECORD_TYPE, beastSignalByte, beastSignalDbfs } from './feeds/mode-s-link-type.js';
export { BeastStream, type BeastMessage } from './feeds/beast-stream.js';
export { avrLine, beastClock, beastMessage } from './feeds/frame-writers.js';
export { AvrStream, type AvrFrame } from './feeds/avr-stream.js';
export { detectFeedFormat, feedReader, FEED_FORMATS, type FeedFormat, type FeedItem, type FeedReader } from './feeds/feed-format.js';
export { RTLADSB_TYPE, RTL_ADSB_COMMAND, createRtlAdsbType, rtlAdsbArguments } from './rtladsb/rtladsb-type.js';
export { ADSB_PHY_NAME, adsbPhy } from './adsb-phy.js';
export { ADSB_LINK_TYPES, ADSB_RECORD_TYPES, decodeAdsbFrame, type AdsbObservation } from './adsb-decoder.js';
export { AircraftDevice, ADSB_DEVICE_FIELDS } from './aircraft/aircraft-device.js';
export { icaoMac, icaoText } from './aircraft/icao-mac.js';
export { icaoCountry } from './aircraft/icao-country.js';
export { readSbsLine, type SbsReport } from './feeds/sbs-line.js';
export { decodeModeS } from './modes/decode-mode-s.js';
export { withModeSParity } from './modes/parity.js';
export { modeSResidual } from './modes/crc.js';
export type { ModeSMessage } from './modes/mode-s-message.js';
export { AIRCRAFT_ALERTS } from './alerts/aircraft-alerts.js';
export { AircraftWatchList } from './alerts/aircraft-watch-list.js';
