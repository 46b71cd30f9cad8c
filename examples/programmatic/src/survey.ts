/**
 * svc as a library: `surveyCapture` builds a service with `createService`, applies the Wi-Fi
 * plugin, replays a capture file through it and reads the access points straight from the
 * tracker. No HTTP port is opened: an embedding program gets the same datasources, packet chain,
 * device tracker and views as `svc start`, and decides itself what to serve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, createService, formatMac, loadConfig, type Logger } from '@svc/core';
import dot11Plugin from '@svc/plugin-dot11';

/** The name the replayed file gets as a datasource. */
const SOURCE_NAME = 'survey';

/** The view @svc/plugin-dot11 keeps of access points. */
const ACCESS_POINTS_VIEW = 'phydot11_accesspoints';

/** One access point heard in the capture. */
export interface AccessPoint {
  /** BSSID, `AA:BB:CC:DD:EE:FF`. */
  readonly bssid: string;
  /** Its name: the SSID it advertises, or for a hidden network the one a probe response named (its BSSID until then). */
  readonly ssid: string;
  readonly channel: string;
  /** Encryption summary (`Open`, `WPA2-PSK`...). */
  readonly crypt: string;
  /** Manufacturer from the OUI table. */
  readonly manufacturer: string;
  /** Last signal in dBm, when the capture carries radio headers. */
  readonly signalDbm: number | undefined;
  readonly packets: number;
}

/** What a survey found. */
export interface Survey {
  readonly frames: number;
  readonly malformedFrames: number;
  /** Access points by BSSID. */
  readonly accessPoints: AccessPoint[];
}

/** Replays a pcap or pcapng file and returns the access points in it (rejects with the reason if the file cannot be read). */
export async function surveyCapture(capturePath: string, options: { log?: Logger } = {}): Promise<Survey> {
  // The service keeps state (server UUID, logins) in a config dir; a throwaway one suits a script.
  const configDir = mkdtempSync(join(tmpdir(), 'svc-survey-'));
  const config = loadConfig({ configDir, overrides: { httpd_username: 'survey', httpd_password: 'not-served' } });
  const svc = await createService(config, { plugins: [dot11Plugin], log: options.log ?? createLogger({ level: 'warn' }) });
  // The source publishes DATASOURCE_ENDED after its last frame, or DATASOURCE_ERROR if it fails;
  // subscribe first, so a small file cannot finish unseen.
  const unsubscribe: (() => void)[] = [];
  const replayed = new Promise<void>((done, fail) => {
    const ours = (payload: unknown) => (payload as Record<string, unknown>)['svc.datasource.name'] === SOURCE_NAME;
    unsubscribe.push(svc.events.subscribe('DATASOURCE_ENDED', (_topic, payload) => ours(payload) && done()));
    unsubscribe.push(
      svc.events.subscribe('DATASOURCE_ERROR', (_topic, payload) => {
        if (ours(payload)) fail(new Error(`${capturePath}: ${String((payload as Record<string, unknown>)['svc.datasource.error_reason'])}`));
      }),
    );
  });
  replayed.catch(() => undefined); // awaited below; this only keeps an early failure from being reported as unhandled
  try {
    const source = await svc.datasources.add(`${resolve(capturePath)}:type=pcapfile,name=${SOURCE_NAME},retry=false`);
    await replayed;
    const view = svc.deviceViews.get(ACCESS_POINTS_VIEW);
    const accessPoints = (view?.members ?? []).map((device) => ({
      bssid: formatMac(device.mac),
      ssid: device.name,
      channel: device.channel,
      crypt: device.crypt,
      manufacturer: device.manuf,
      signalDbm: device.signal?.lastSignal,
      packets: device.packetsTotal,
    }));
    return {
      frames: source.numPackets,
      malformedFrames: source.numErrorPackets,
      accessPoints: accessPoints.sort((a, b) => a.bssid.localeCompare(b.bssid)),
    };
  } finally {
    for (const stop of unsubscribe) stop();
    await svc.stop();
    rmSync(configDir, { recursive: true, force: true });
  }
}
