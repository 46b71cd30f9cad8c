/**
 * Alerts about how a frame arrived rather than what it says:
 *
 * - OVERPOWERED: a frame received above `dot11_max_signal` (-10 dBm by default) and below
 *   0 dBm, as an over-driven amplifier delivers; Kismet checks every frame it can read.
 * - MALFORMMGMT: a management frame whose header, fixed fields or elements run past its end,
 *   when the radio did not reject its checksum. Kismet registers this alert but no longer
 *   raises it; svc raises it for the frames its decoder counts as malformed.
 */
import { formatMac } from '@svc/core';
import type { AlertEmitter } from './alert-emitter.js';
import { Dot11Alert } from './alert-catalog.js';
import type { FrameRoles } from './frame-roles.js';

/** Default `dot11_max_signal`, as Kismet's. */
export const DEFAULT_MAX_SIGNAL = -10;

/** Checks a frame's signal (dBm) against the threshold. */
export function checkSignal(signal: number, maxSignal: number, roles: FrameRoles, emitter: AlertEmitter): void {
  if (signal <= maxSignal || signal >= 0 || !emitter.may(Dot11Alert.OVERPOWERED)) return;
  emitter.raise(Dot11Alert.OVERPOWERED, `Frame from ${formatMac(roles.source)} received at ${signal} dBm, above the ${maxSignal} dBm threshold (dot11_max_signal): an external amplifier set too high loses frames`, roles, 0);
}

/** Raises MALFORMMGMT for a management frame the decoder judged malformed (`roles` empty when its header is cut). */
export function checkMalformedManagement(reason: string, roles: FrameRoles, emitter: AlertEmitter): void {
  if (!emitter.may(Dot11Alert.MALFORMMGMT)) return;
  emitter.raise(Dot11Alert.MALFORMMGMT, `Malformed management frame from ${formatMac(roles.source)}: ${reason}`, roles, 0);
}
