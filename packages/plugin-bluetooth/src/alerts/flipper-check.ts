/**
 * FLIPPERZERO's condition: a device is a Flipper Zero when its address is in one of the
 * Flipper's OUIs (Kismet's test, made on each new device), or when what it advertises (its
 * service UUIDs, its name) made svc recognise it as one (`advertisers/advertiser-kind.ts`).
 * The alert is raised once per tracked device, the first time it is known as a Flipper: at once
 * for an address in the OUIs, and for the others when the advertisement that names the Flipper
 * arrives (a name in a later scan response). A device that expired and comes back is a new
 * device and is raised again, as in Kismet. A device restored from a log at start is raised once
 * more when next heard, since whether it was raised before is not kept.
 */
import type { TrackedDevice } from '@svc/core';
import { FLIPPER_ZERO_KIND, hasFlipperOui } from '../advertisers/advertiser-kind.js';

/** True when the device is a Flipper Zero, by its address or its advertisements. */
export function isFlipperZero(device: TrackedDevice): boolean {
  return hasFlipperOui(device.mac) || device.components.btle?.advertiser === FLIPPER_ZERO_KIND || device.components.bluetooth?.advertiser === FLIPPER_ZERO_KIND;
}

/** Remembers which devices were judged Flippers, so each is raised once. */
export class FlipperWatch {
  /** Weak, so a device the tracker drops takes its mark with it. */
  readonly #raised = new WeakSet<TrackedDevice>();

  /** True the first time a device is found to be a Flipper Zero; false for any other device, and after. */
  firstSighting(device: TrackedDevice): boolean {
    if (!isFlipperZero(device) || this.#raised.has(device)) return false;
    this.#raised.add(device);
    return true;
  }
}
