/**
 * `/phy/phyuav/manuf_matchers` (Kismet's route of the same path): the manufacturer rules in
 * force, each as Kismet serves a `uav_manuf_match` record (`uav.manufmatch.*`).
 */
import { TRACKED_FORMATS, type RouteRegistry } from '@svc/core';
import { ruleRecord, type UavMatchRule } from '../match/uav-match-rules.js';

/** Path of the route, as Kismet's. */
export const MANUF_MATCHERS_PATH = '/phy/phyuav/manuf_matchers';

/** Adds the route. */
export function addManufMatchersRoute(routes: RouteRegistry, rules: readonly UavMatchRule[]): void {
  routes.http({
    methods: ['GET', 'POST'],
    path: MANUF_MATCHERS_PATH,
    formats: TRACKED_FORMATS,
    role: 'readonly',
    description: 'the manufacturer rules (uav_match=) that recognise drones by the Wi-Fi network they raise',
    handler: () => rules.map(ruleRecord),
  });
}
