/**
 * The system page: the server (version, uptime, memory, devices tracked, who it runs as), its
 * GPS (each configured GPS with its state and last fix, and for a `gps=web` GPS a button that
 * lends it this browser's position), the integrations (what plugins add, and the alert sinks), the
 * plugins loaded and what each contributes, and, for an admin, the API keys: listed, created
 * (the token is shown once) and revoked.
 */
import { useEffect, useState } from 'preact/hooks';
import { command, describe, get } from '../api';
import { usePolled } from '../use-polled';
import { Graph } from '../components/Graph';
import { Integrations } from '../components/Integrations';
import { KeyValues } from '../components/KeyValues';
import { Section } from '../components/Section';
import { Table } from '../components/Table';
import { Time } from '../components/Time';
import { count, duration, kilobytes } from '../format';
import { rrdSeries } from '../rrd';
import { isAdmin } from '../session';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

function ApiKeys() {
  const [keys, setKeys] = useState<Record_[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState('readonly');
  const [days, setDays] = useState('30');
  const [token, setToken] = useState('');
  const [error, setError] = useState('');
  const load = () => get<Record_[]>('auth/apikey/list.json').then(setKeys, (failure) => setError(describe(failure)));
  useEffect(() => void load(), []);
  const create = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      const created = await command<string>('auth/apikey/generate.cmd', { name, role, duration: Math.round(Number(days) * 86_400) });
      setToken(String(created).trim());
      setName('');
      await load();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  const revoke = async (keyName: string) => {
    setError('');
    try {
      await command('auth/apikey/revoke.cmd', { name: keyName });
      await load();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <Section title="API keys">
      <Table
        columns={['Name', 'Role', 'Created', 'Expires', '']}
        rows={keys.map((key) => [
          key['svc.httpd.auth.name'],
          key['svc.httpd.auth.role'],
          <Time seconds={Number(key['svc.httpd.auth.created'] ?? 0)} />,
          key['svc.httpd.auth.expiration'] ? <Time seconds={Number(key['svc.httpd.auth.expiration'])} /> : 'never',
          <button type="button" class="link danger" onClick={() => void revoke(key['svc.httpd.auth.name'])}>
            revoke
          </button>,
        ])}
        empty="No API keys."
      />
      <form class="inline-form" onSubmit={create}>
        <input aria-label="Key name" placeholder="name" value={name} onInput={(event) => setName(event.currentTarget.value)} required />
        <select aria-label="Key role" value={role} onChange={(event) => setRole(event.currentTarget.value)}>
          {['readonly', 'admin', 'datasource', 'scanreport', 'webgps'].map((entry) => (
            <option key={entry}>{entry}</option>
          ))}
        </select>
        <label>
          valid for <input aria-label="Days valid" type="number" min="0" value={days} onInput={(event) => setDays(event.currentTarget.value)} /> days (0: never expires)
        </label>
        <button type="submit">Create key</button>
      </form>
      {token && (
        <p class="notice">
          The new key (shown once; copy it now): <code data-testid="new-api-key">{token}</code>
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </Section>
  );
}

const FIX_NAMES = ['no GPS data', 'no fix', '2D fix', '3D fix'];

/**
 * Sends this browser's position to a web GPS while the toggle is on (geolocation needs HTTPS or
 * localhost, and the user's consent).
 */
function SharePosition({ gps }: { gps: string }) {
  const [watch, setWatch] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState('');
  useEffect(() => () => watch !== undefined && navigator.geolocation.clearWatch(watch), [watch]);
  const start = () => {
    if (!navigator.geolocation) return setStatus('this browser cannot tell its position');
    setStatus('waiting for a position…');
    const id = navigator.geolocation.watchPosition(
      (position) => {
        const { latitude, longitude, altitude, speed } = position.coords;
        command('gps/web/update.cmd', { name: gps, lat: latitude, lon: longitude, ...(altitude ? { alt: altitude } : {}), ...(speed ? { spd: speed * 3.6 } : {}) }).then(
          () => setStatus(`sent ${latitude.toFixed(6)}, ${longitude.toFixed(6)}`),
          (failure) => setStatus(describe(failure)),
        );
      },
      (failure) => setStatus(`no position: ${failure.message}`),
      { enableHighAccuracy: true },
    );
    setWatch(id);
  };
  const stop = () => {
    if (watch !== undefined) navigator.geolocation.clearWatch(watch);
    setWatch(undefined);
    setStatus('');
  };
  return (
    <span class="inline-form">
      {watch === undefined ? (
        <button type="button" onClick={start}>
          Share this browser's position
        </button>
      ) : (
        <button type="button" onClick={stop}>
          Stop sharing
        </button>
      )}
      {status && <span class="muted" data-testid="share-status">{status}</span>}
    </span>
  );
}

/** Every configured GPS, its state and last report; the server's position is the first current one. */
function Gps() {
  const polled = usePolled(() => get<Record_[]>('gps/all_gps.json'), REFRESH_MS, []);
  const gpses = polled.value ?? [];
  const canShare = isAdmin.value;
  return (
    <Section title="GPS">
      <Table
        columns={['GPS', 'Type', 'State', 'Fix', 'Position', 'Satellites', 'Last report', '']}
        rows={gpses.map((gps) => {
          const location = gps['svc.gps.location'] ?? {};
          const [lon, lat] = (location['svc.common.location.geopoint'] ?? [0, 0]) as number[];
          const fix = Number(location['svc.common.location.fix'] ?? 0);
          return [
            <span data-testid="gps-name">{gps['svc.gps.name']}</span>,
            gps['svc.gps.type'],
            gps['svc.gps.error'] ? <span class="error">{`${gps['svc.gps.state']}: ${gps['svc.gps.error']}`}</span> : gps['svc.gps.state'],
            FIX_NAMES[fix] ?? String(fix),
            <span data-testid="gps-position">{fix >= 2 ? `${lat!.toFixed(6)}, ${lon!.toFixed(6)}${location['svc.common.location.alt'] ? `, ${location['svc.common.location.alt']} m` : ''}` : '–'}</span>,
            gps['svc.gps.satellites_used'] !== undefined ? `${gps['svc.gps.satellites_used']} of ${gps['svc.gps.satellites_visible']}` : '–',
            location['svc.common.location.time_sec'] ? <Time seconds={Number(location['svc.common.location.time_sec'])} /> : '–',
            gps['svc.gps.type'] === 'web' && gps['svc.gps.state'] === 'running' && canShare ? <SharePosition gps={gps['svc.gps.name']} /> : '',
          ];
        })}
        empty="No GPS is configured (gps= lines in svc.conf)."
      />
    </Section>
  );
}

/** The packet rate of all sources together over the last minute, from each source's RRD. */
function totalPacketRate(sources: readonly Record_[]): { times: number[]; values: number[] } {
  const series = sources.map((source) => rrdSeries(source['svc.datasource.packets_rrd'], 'minute')).filter((entry) => entry.times.length);
  const latest = series.reduce((best, entry) => (entry.times[entry.times.length - 1]! > (best?.times[best.times.length - 1] ?? 0) ? entry : best), series[0]);
  if (!latest) return { times: [], values: [] };
  const totals = new Map(latest.times.map((time) => [time, 0]));
  for (const entry of series) entry.times.forEach((time, index) => totals.has(time) && totals.set(time, totals.get(time)! + (entry.values[index] ?? 0)));
  return { times: latest.times, values: latest.times.map((time) => totals.get(time)!) };
}

/** The system page. */
export function System() {
  const polledStatus = usePolled(() => get<Record_>('system/status.json'), REFRESH_MS, []);
  const polledSources = usePolled(() => get<Record_[]>('datasource/all_sources.json'), REFRESH_MS, []);
  const [plugins, setPlugins] = useState<Record_[]>([]);
  useEffect(() => {
    get<Record_[]>('system/plugins.json').then(setPlugins, () => {});
  }, []);
  const status = polledStatus.value;
  const sources = polledSources.value ?? [];
  const error = polledStatus.error;
  const packets = totalPacketRate(sources);
  const now = Number(status?.['svc.system.timestamp.sec'] ?? 0);
  const started = Number(status?.['svc.system.timestamp.start_sec'] ?? 0);
  return (
    <main class="page system">
      {error && <p class="error">{error}</p>}
      <Section title="Server">
        {status && (
          <KeyValues
            rows={[
              ['Name', status['svc.system.server_name']],
              ['Description', status['svc.system.server_description']],
              ['Location', status['svc.system.server_location']],
              ['Version', status['svc.system.version']],
              ['Running as', status['svc.system.user']],
              ['Started', <Time seconds={started} />],
              ['Uptime', duration(now - started)],
              ['Devices', <span data-testid="devices-count">{count(Number(status['svc.system.devices.count'] ?? 0))}</span>],
              ['Memory (RSS)', kilobytes(Number(status['svc.system.memory.rss'] ?? 0))],
              ['Fields', count(Number(status['svc.system.num_fields'] ?? 0))],
            ]}
          />
        )}
      </Section>
      <Gps />
      <Section title="Packets">
        <Graph title="Packets per second, all sources, last minute" times={packets.times} series={[{ label: 'packets', values: packets.values }]} />
      </Section>
      <Integrations />
      <Section title="Plugins">
        <Table
          columns={['Plugin', 'State', 'Contributes']}
          rows={plugins.map((plugin) => [
            plugin['svc.plugin.name'],
            plugin['svc.plugin.error'] ? <span class="error">{plugin['svc.plugin.error']}</span> : plugin['svc.plugin.state'],
            Object.entries((plugin['svc.plugin.contributions'] ?? {}) as Record<string, string[]>)
              .filter(([, names]) => names.length)
              .map(([kind, names]) => (kind === 'fields' ? `${names.length} fields` : `${kind}: ${names.join(', ')}`))
              .join('; '),
          ])}
        />
      </Section>
      {isAdmin.value && <ApiKeys />}
    </main>
  );
}
