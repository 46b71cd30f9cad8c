/**
 * The scene svc's demo replays and its fresh-clone tests read (`test-data/dot11/svc-demo-scene*`):
 * a headquarters WPA2 network with two clients, one of which joins with a real 4-way handshake
 * (passphrase {@link DEMO_PASSPHRASE}), an open guest network, a WPA3 network on 5 GHz, a hidden
 * network found through its client, an old WEP network, a WPA/TKIP printer with WPS, an ad-hoc
 * cell, a phone (on a randomized address) probing for networks it knows, a WDS bridge and a
 * deauthentication. Addresses carry their makers' real OUIs, so the device list reads as a
 * real one would.
 *
 * Kismet, and svc after it, reads the IBSS bit of an association request at the offset of a
 * beacon's capability field, which in that frame is the SSID's fifth byte; the SSIDs stations
 * join here leave that bit clear, so their clients are typed as clients.
 */
import type { Scene } from './scene.js';

/** The headquarters network's passphrase: aircrack-ng recovers it from svc's handshake pcap. */
export const DEMO_PASSPHRASE = 'svc-demo-passphrase';

/** 2026-01-01T12:00:00Z, when the demo capture starts. */
const DEMO_START = Date.UTC(2026, 0, 1, 12) / 1000;

/** The demo scene. */
export const DEMO_SCENE: Scene = {
  startSeconds: DEMO_START,
  durationSeconds: 15,
  seed: 2026,
  networks: [
    { bssid: '24:a4:3c:5c:00:01', ssid: 'svc-hq', channel: 6, security: 'wpa2-psk', passphrase: DEMO_PASSPHRASE, country: 'US', signalDbm: -48 },
    { bssid: '14:cc:20:5c:00:02', ssid: 'svc-lobby', channel: 1, security: 'open', signalDbm: -61 },
    { bssid: '3c:a6:2f:5c:00:03', ssid: 'svc-lab-5g', channel: 36, security: 'wpa3-sae', country: 'US', signalDbm: -67 },
    { bssid: 'a0:04:60:5c:00:04', ssid: 'svc-attic', hidden: true, channel: 11, security: 'wpa2-wpa3', signalDbm: -72 },
    { bssid: '00:0c:41:5c:00:05', ssid: 'svc-legacy', channel: 11, security: 'wep', signalDbm: -80 },
    {
      bssid: '3c:d9:2b:5c:00:06',
      ssid: 'svc-printer',
      channel: 1,
      security: 'wpa-tkip',
      signalDbm: -70,
      wps: { manufacturer: 'svc demo printers', model: 'LaserDemo', modelNumber: 'LD-100', serial: 'SVC0001', deviceName: 'svc demo printer' },
    },
    { bssid: '2c:3a:e8:5c:00:07', ssid: 'svc-meshlink', adhoc: true, channel: 6, security: 'open', signalDbm: -77 },
  ],
  stations: [
    { mac: 'f0:18:98:5c:01:01', signalDbm: -52, probes: ['svc-hq'], joins: '24:a4:3c:5c:00:01', joinsAt: 2, dataFrames: 20 },
    { mac: '8c:77:12:5c:01:02', signalDbm: -58, joins: '24:a4:3c:5c:00:01', joinsAt: 5, dataFrames: 8 },
    { mac: 'b8:27:eb:5c:01:03', signalDbm: -64, probes: ['', 'svc-lobby'], joins: '14:cc:20:5c:00:02', joinsAt: 4, dataFrames: 10 },
    { mac: '5c:cf:7f:5c:01:04', signalDbm: -70, joins: 'a0:04:60:5c:00:04', joinsAt: 7, dataFrames: 6 },
    { mac: 'a6:5c:0b:00:00:05', signalDbm: -69, probes: ['', 'HomeNet-5G', 'CoffeeShop Free WiFi', 'svc-lab-5g'] },
    { mac: '3c:22:fb:5c:01:06', signalDbm: -75, joins: '00:0c:41:5c:00:05', joinsAt: 9, dataFrames: 4 },
  ],
  wdsLink: { peers: ['dc:9f:db:5c:00:08', 'dc:9f:db:5c:00:09'], channel: 6 },
  deauthentication: { bssid: '24:a4:3c:5c:00:01', station: '8c:77:12:5c:01:02', atSeconds: 12 },
};
