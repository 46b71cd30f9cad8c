/**
 * The sources page: every datasource with its state, type, channel or hopping, packet counts
 * and rate over the last minute, and, when it failed, why and whether svc will retry it. An
 * admin can pause, resume, close, open, disable and remove a source, lock a channel or hop
 * again, and add a source from a definition (with the type's options and the interfaces svc
 * can see). Each action's refusal is shown next to the source it concerns.
 */
import { useEffect, useState } from 'preact/hooks';
import { command, describe, get } from '../api';
import { usePolled } from '../use-polled';
import { Graph } from '../components/Graph';
import { Section } from '../components/Section';
import { count } from '../format';
import { rrdSeries } from '../rrd';
import { apiPath } from '../server';
import { isAdmin } from '../session';

type Source = Record<string, any>;

const REFRESH_MS = 2000;

/** A source's state in one word, as the table shows it. */
export function sourceState(source: Source): string {
  if (source['svc.datasource.disabled']) return 'disabled';
  if (source['svc.datasource.error']) return source['svc.datasource.retry'] && source['svc.datasource.error_kind'] !== 'permanent' ? 'error, retrying' : 'error';
  if (!source['svc.datasource.running']) return 'closed';
  if (source['svc.datasource.paused']) return 'paused';
  return 'running';
}

function channelText(source: Source): string {
  if (source['svc.datasource.hopping']) {
    const channels = (source['svc.datasource.hop_channels'] ?? []) as string[];
    return `hopping ${channels.length} channels at ${source['svc.datasource.hop_rate']}/s`;
  }
  return String(source['svc.datasource.channel'] ?? '') || '–';
}

function ChannelControl({ source, run }: { source: Source; run(path: string, body?: Record<string, unknown>): void }) {
  const channels = (source['svc.datasource.channels'] ?? []) as string[];
  const [channel, setChannel] = useState('');
  if (!source['svc.datasource.type_driver']?.['svc.datasource.driver.tuning_capable'] || channels.length === 0) return null;
  return (
    <span class="inline-form">
      <select aria-label="Channel" value={channel} onChange={(event) => setChannel(event.currentTarget.value)}>
        <option value="">channel…</option>
        {channels.map((entry) => (
          <option key={entry} value={entry}>
            {entry}
          </option>
        ))}
      </select>
      <button type="button" disabled={!channel} onClick={() => run('set_channel.cmd', { channel })}>
        Lock
      </button>
      {source['svc.datasource.type_driver']?.['svc.datasource.driver.hop_capable'] ? (
        <button type="button" disabled={Boolean(source['svc.datasource.hopping'])} onClick={() => run('set_hop.cmd')}>
          Hop
        </button>
      ) : null}
    </span>
  );
}

function SourceRow({ source, onChange }: { source: Source; onChange(): void }) {
  const uuid = source['svc.datasource.uuid'] as string;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const state = sourceState(source);
  const rate = rrdSeries(source['svc.datasource.packets_rrd'], 'minute');
  const run = (path: string, body: Record<string, unknown> = {}) => {
    setBusy(true);
    setError('');
    command(`datasource/by-uuid/${uuid}/${path}`, body)
      .then(onChange, (failure: unknown) => setError(describe(failure)))
      .finally(() => setBusy(false));
  };
  const running = Boolean(source['svc.datasource.running']);
  const paused = Boolean(source['svc.datasource.paused']);
  return (
    <article class="source" data-uuid={uuid} data-state={state} aria-label={`Source ${source['svc.datasource.name']}`}>
      <header>
        <h2>{source['svc.datasource.name']}</h2>
        <span class={`state state-${state.split(',')[0]}`} data-testid="source-state">
          {state}
        </span>
        <span class="muted">{source['svc.datasource.type_driver']?.['svc.datasource.driver.type']}</span>
        <span class="muted">{source['svc.datasource.interface']}</span>
        <a class="small" href={apiPath(`datasource/pcap/by-uuid/${uuid}/packets.pcapng`)} download={`svc-${source['svc.datasource.name']}.pcapng`} title="this source's packets as they arrive, as a pcapng stream">
          packets (pcapng, live)
        </a>
      </header>
      <dl class="key-values compact">
        <div class="key-value">
          <dt>Channel</dt>
          <dd>{channelText(source)}</dd>
        </div>
        <div class="key-value">
          <dt>Packets</dt>
          <dd data-testid="source-packets">{count(source['svc.datasource.num_packets'] ?? 0)}</dd>
        </div>
        <div class="key-value">
          <dt>Errors</dt>
          <dd>{count(source['svc.datasource.num_error_packets'] ?? 0)}</dd>
        </div>
        <div class="key-value">
          <dt>Definition</dt>
          <dd>
            <code>{source['svc.datasource.definition']}</code>
          </dd>
        </div>
      </dl>
      {source['svc.datasource.error'] ? (
        <p class="error" data-testid="source-error">
          {source['svc.datasource.error_reason']}
          {source['svc.datasource.error_kind'] === 'permanent' ? ' (fix the definition: svc will not retry)' : source['svc.datasource.retry'] ? ` (retry ${source['svc.datasource.retry_attempts']})` : ''}
        </p>
      ) : null}
      {source['svc.datasource.warning'] ? <p class="warning">{source['svc.datasource.warning']}</p> : null}
      <Graph title="Packets per second, last minute" times={rate.times} series={[{ label: 'packets', values: rate.values }]} height={80} />
      {isAdmin.value && (
        <div class="actions" aria-busy={busy}>
          {running && !paused && (
            <button type="button" onClick={() => run('pause_source.cmd')}>
              Pause
            </button>
          )}
          {running && paused && (
            <button type="button" onClick={() => run('resume_source.cmd')}>
              Resume
            </button>
          )}
          {running ? (
            <button type="button" onClick={() => run('close_source.cmd')}>
              Close
            </button>
          ) : (
            <button type="button" onClick={() => run('open_source.cmd')}>
              Open
            </button>
          )}
          {!source['svc.datasource.disabled'] ? (
            <button type="button" onClick={() => run('disable_source.cmd')}>
              Disable
            </button>
          ) : null}
          <button type="button" class="danger" onClick={() => confirm(`Remove source ${source['svc.datasource.name']}?`) && run('remove_source.cmd')}>
            Remove
          </button>
          <ChannelControl source={source} run={run} />
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

function AddSource({ onAdded }: { onAdded(): void }) {
  const [types, setTypes] = useState<Source[]>([]);
  const [interfaces, setInterfaces] = useState<Source[]>([]);
  const [definition, setDefinition] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  useEffect(() => {
    get<Source[]>('datasource/types.json').then(setTypes, (failure) => setError(describe(failure)));
    get<Source[]>('datasource/list_interfaces.json').then(setInterfaces, () => {});
  }, []);
  const typeName = /type=([^,]+)/.exec(definition)?.[1];
  const type = types.find((entry) => entry['svc.datasource.driver.type'] === typeName);
  const options = Object.entries((type?.['svc.datasource.driver.options'] ?? {}) as Record<string, string>);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError('');
    setResult('');
    try {
      const record = await command<Source>('datasource/add_source.cmd', { definition });
      setResult(record['svc.datasource.error'] ? `added, but it cannot open: ${record['svc.datasource.error_reason']}` : `added ${record['svc.datasource.name']}`);
      setDefinition('');
      onAdded();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <Section title="Add a source">
      <form class="add-source" onSubmit={submit}>
        <input aria-label="Source definition" placeholder="interface:type=<type>,name=roof, or a capture file" value={definition} onInput={(event) => setDefinition(event.currentTarget.value)} required />
        <button type="submit">Add</button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {result && <p class="muted">{result}</p>}
      {interfaces.length > 0 && (
        <p class="muted">
          Interfaces svc can see:{' '}
          {interfaces.map((entry) => {
            const name = String(entry['svc.datasource.probed.interface']);
            const driver = entry['svc.datasource.type_driver']?.['svc.datasource.driver.type'] ?? '';
            return (
              <button type="button" class="link" key={`${driver}:${name}`} onClick={() => setDefinition(`${name}:${driver ? `type=${driver}` : ''}`)}>
                {name} {driver && `(${driver})`}
              </button>
            );
          })}
        </p>
      )}
      <p class="muted">
        Types:{' '}
        {types.map((entry) => (
          <button type="button" class="link" key={entry['svc.datasource.driver.type']} title={entry['svc.datasource.driver.description']} onClick={() => setDefinition(definition.replace(/(:type=[^,]*)?$/, `:type=${entry['svc.datasource.driver.type']}`))}>
            {entry['svc.datasource.driver.type']}
          </button>
        ))}
      </p>
      {options.length > 0 && (
        <table class="plain">
          <caption>Options of {typeName}</caption>
          <tbody>
            {options.map(([name, description]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** The sources page. */
export function Sources() {
  const polled = usePolled(() => get<Source[]>('datasource/all_sources.json'), REFRESH_MS, []);
  const sources = polled.value ?? [];
  const error = polled.error;
  const refresh = polled.reload;
  return (
    <main class="page sources">
      {error && <p class="error">{error}</p>}
      {sources.length === 0 && !error && <p class="muted">No sources. {isAdmin.value ? 'Add one below, or start svc with -c.' : 'An admin can add one.'}</p>}
      <div class="source-list">
        {sources.map((source) => (
          <SourceRow key={source['svc.datasource.uuid']} source={source} onChange={refresh} />
        ))}
      </div>
      {isAdmin.value && <AddSource onAdded={refresh} />}
    </main>
  );
}
