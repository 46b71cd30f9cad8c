/**
 * The logs page: the logs of this run (type, file, size, whether open, and why one stopped),
 * starting a log of a type and stopping one (admin), and the live packet streams: download
 * every packet as a pcapng stream, and the streams clients have open with what each sent and
 * dropped.
 */
import { useState } from 'preact/hooks';
import { command, describe, get } from '../api';
import { Section } from '../components/Section';
import { Table } from '../components/Table';
import { Time } from '../components/Time';
import { count, kilobytes } from '../format';
import { apiPath } from '../server';
import { isAdmin } from '../session';
import { usePolled } from '../use-polled';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

/** Where a log stands, in a word and, when it failed, why. */
function logState(log: Record_) {
  if (log['svc.logfile.error']) return <span class="error">stopped: {log['svc.logfile.error']}</span>;
  return log['svc.logfile.open'] ? 'writing' : 'closed';
}

/** The logs page. */
export function Logs() {
  const active = usePolled(() => get<Record_[]>('logging/active.json'), REFRESH_MS, []);
  const drivers = usePolled(() => get<Record_[]>('logging/drivers.json'), 60_000, []);
  const streams = usePolled(() => get<Record_[]>('streams/all_streams.json'), REFRESH_MS, []);
  const [type, setType] = useState('');
  const [error, setError] = useState('');
  const logs = active.value ?? [];
  const openTypes = new Set(logs.filter((log) => log['svc.logfile.open']).map((log) => log['svc.log.type_driver']['svc.logfile.type.class']));
  const startable = (drivers.value ?? []).filter((driver) => !openTypes.has(driver['svc.logfile.type.class']));
  const run = async (path: string) => {
    setError('');
    try {
      await command(path);
      active.reload();
      streams.reload();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <main class="page logs">
      {(active.error || drivers.error) && <p class="error">{active.error || drivers.error}</p>}
      <Section title="Logs of this run">
        <Table
          columns={['Type', 'File', 'Size', 'Opened', 'State', '']}
          rows={logs.map((log) => [
            log['svc.log.type_driver']['svc.logfile.type.class'],
            <code>{log['svc.logfile.path']}</code>,
            kilobytes(Math.round(Number(log['svc.logfile.size']) / 1024)),
            <Time seconds={Number(log['svc.logfile.start_time'])} />,
            logState(log),
            isAdmin.value && log['svc.logfile.open'] ? (
              <button type="button" class="link danger" onClick={() => void run(`logging/by-uuid/${log['svc.logfile.uuid']}/stop.cmd`)}>
                stop
              </button>
            ) : (
              ''
            ),
          ])}
          empty="No logs: logging is off for this run (enable_logging, or svc start -n)."
        />
        {isAdmin.value && (
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (type) void run(`logging/by-class/${type}/start.cmd`);
            }}
          >
            <select aria-label="Log type" value={type} onChange={(event) => setType(event.currentTarget.value)}>
              <option value="">log type…</option>
              {startable.map((driver) => (
                <option key={driver['svc.logfile.type.class']} value={driver['svc.logfile.type.class']} title={driver['svc.logfile.type.description']}>
                  {driver['svc.logfile.type.class']}: {driver['svc.logfile.type.description']}
                </option>
              ))}
            </select>
            <button type="submit" disabled={!type}>
              Start log
            </button>
          </form>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </Section>
      <Section
        title="Live packet streams"
        actions={
          <a class="button" href={apiPath('pcap/all_packets.pcapng')} download="svc-all-packets.pcapng">
            Download all packets (pcapng, live)
          </a>
        }
      >
        <p class="muted">A download stays open and receives packets as they arrive until you cancel it. Each source and device has its own stream on its page.</p>
        <Table
          columns={['Stream', 'Open since', 'Packets', 'Dropped', 'Size', '']}
          rows={(streams.value ?? []).map((stream) => [
            stream['svc.stream.description'],
            <Time seconds={Number(stream['svc.stream.time'])} />,
            count(Number(stream['svc.stream.packets'])),
            count(Number(stream['svc.stream.dropped_packets'])),
            kilobytes(Math.round(Number(stream['svc.stream.size']) / 1024)),
            isAdmin.value ? (
              <button type="button" class="link danger" onClick={() => void run(`streams/by-id/${stream['svc.stream.stream_id']}/close_stream.cmd`)}>
                end
              </button>
            ) : (
              ''
            ),
          ])}
          empty="No stream is open."
        />
      </Section>
    </main>
  );
}
