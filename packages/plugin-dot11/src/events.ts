/**
 * The event topics the 802.11 plugin publishes (kismet-reference 7.2) and the payloads it sends
 * on them. A payload is built only when someone listens, so an idle bus costs nothing per frame.
 */
import type { EventTopicDefinition, Service, TrackedDevice } from '@svc/core';
import { eapolRecord, type EapolMessage } from './device/dot11-device.js';
import type { AdvertisedSsid, ProbedSsid } from './device/ssid-record.js';

/** Topic names. */
export const Dot11Topic = {
  ADVERTISED_SSID: 'DOT11_ADVERTISED_SSID',
  RESPONSE_SSID: 'DOT11_RESPONSE_SSID',
  PROBED_SSID: 'DOT11_PROBED_SSID',
  WPA_HANDSHAKE: 'DOT11_WPA_HANDSHAKE',
} as const;

/** Key of the device record in SSID event payloads, as Kismet names it. */
export const NEW_SSID_DEVICE_KEY = 'DOT11_NEW_SSID_BASEDEV';

/** The topics, declared through the `eventTopics` hook. */
export const DOT11_EVENT_TOPICS: readonly EventTopicDefinition[] = [
  { name: Dot11Topic.ADVERTISED_SSID, description: `a device beacons an SSID for the first time: {${NEW_SSID_DEVICE_KEY}: device record, DOT11_ADVERTISED_SSID: advertised SSID record}` },
  { name: Dot11Topic.RESPONSE_SSID, description: `a device answers a probe for an SSID for the first time: {${NEW_SSID_DEVICE_KEY}: device record, DOT11_RESPONSE_SSID: advertised SSID record}` },
  { name: Dot11Topic.PROBED_SSID, description: `a station probes for an SSID for the first time: {${NEW_SSID_DEVICE_KEY}: device record, DOT11_PROBED_SSID: probed SSID record}` },
  {
    name: Dot11Topic.WPA_HANDSHAKE,
    description: 'an EAPOL-Key message of a WPA 4-way handshake was captured: {DOT11_WPA_HANDSHAKE_BASEDEV: access point record, DOT11_WPA_HANDSHAKE_DOT11: its dot11.device record, DOT11_WPA_HANDSHAKE_EAPOL: the message}',
  },
];

/** Publishes the plugin's events. */
export class Dot11Events {
  constructor(private readonly svc: Pick<Service, 'events' | 'devices'>) {}

  /** A device's first sighting of an SSID in beacons, probe responses or probe requests. */
  newSsid(topic: typeof Dot11Topic.ADVERTISED_SSID | typeof Dot11Topic.RESPONSE_SSID | typeof Dot11Topic.PROBED_SSID, device: TrackedDevice, ssid: AdvertisedSsid | ProbedSsid): void {
    if (!this.svc.events.hasListeners(topic)) return;
    this.svc.events.publish(topic, { [NEW_SSID_DEVICE_KEY]: this.svc.devices.record(device), [topic]: ssid.toRecord() });
  }

  /** A handshake message stored on an access point. */
  handshake(accessPoint: TrackedDevice, message: EapolMessage): void {
    if (!this.svc.events.hasListeners(Dot11Topic.WPA_HANDSHAKE)) return;
    const record = this.svc.devices.record(accessPoint);
    this.svc.events.publish(Dot11Topic.WPA_HANDSHAKE, {
      DOT11_WPA_HANDSHAKE_BASEDEV: record,
      DOT11_WPA_HANDSHAKE_DOT11: record['dot11.device'],
      DOT11_WPA_HANDSHAKE_EAPOL: eapolRecord(message),
    });
  }
}
