/**
 * One device, opened from the table: what it is, the panels the UI modules of its PHY's plugin
 * contribute, its packet rate and signal over
 * the last minute and hour (from its RRDs), the sources that heard it, for an admin its name and
 * tags, and every field grouped. Refreshed every two seconds while open.
 */
import { useEffect, useState } from 'preact/hooks';
import { command, describe, get } from '../api';
import { usePolled } from '../use-polled';
import { count } from '../format';
import { rrdSeries } from '../rrd';
import { isAdmin } from '../session';
import { devicePanels } from '../ui-modules';
import { FieldGroups } from './FieldTree';
import { Graph } from './Graph';
import { KeyValues } from './KeyValues';
import { ModuleBoundary } from './ModuleBoundary';
import { Section } from './Section';
import { apiPath } from '../server';
import { Table } from './Table';
import { Time } from './Time';

type Device = Record<string, any>;

const REFRESH_MS = 2000;

function NameAndTags({ device, onChange }: { device: Device; onChange(): void }) {
  const key = device['svc.device.base.key'] as string;
  const [name, setName] = useState<string>(device['svc.device.base.username'] ?? '');
  const [tag, setTag] = useState('');
  const [tagValue, setTagValue] = useState('');
  const [error, setError] = useState('');
  const tags = Object.entries((device['svc.device.base.tags'] ?? {}) as Record<string, string>);
  const run = async (action: () => Promise<unknown>) => {
    try {
      setError('');
      await action();
      onChange();
    } catch (failure) {
      setError(describe(failure));
    }
  };
  return (
    <Section title="Name and tags">
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => command(`devices/by-key/${key}/set_name.cmd`, { username: name }));
        }}
      >
        <input aria-label="Device name" placeholder="a name for this device" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <button type="submit">Set name</button>
      </form>
      <Table
        columns={['Tag', 'Value', '']}
        rows={tags.map(([tagName, value]) => [tagName, value, <button type="button" class="link" onClick={() => run(() => command(`devices/by-key/${key}/set_tag.cmd`, { tagname: tagName, tagvalue: '' }))}>remove</button>])}
        empty="no tags"
      />
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await command(`devices/by-key/${key}/set_tag.cmd`, { tagname: tag, tagvalue: tagValue });
            setTag('');
            setTagValue('');
          });
        }}
      >
        <input aria-label="Tag name" placeholder="tag" value={tag} onInput={(event) => setTag(event.currentTarget.value)} />
        <input aria-label="Tag value" placeholder="value" value={tagValue} onInput={(event) => setTagValue(event.currentTarget.value)} />
        <button type="submit" disabled={!tag}>
          Add tag
        </button>
      </form>
      {error && <p class="error">{error}</p>}
    </Section>
  );
}

/** The detail of the device with `deviceKey`. */
export function DeviceDetail({ deviceKey, onClose }: { deviceKey: string; onClose(): void }) {
  const polled = usePolled(() => get<Device>(`devices/by-key/${deviceKey}/device.json`), REFRESH_MS, [deviceKey]);
  const device = polled.value?.['svc.device.base.key'] === deviceKey ? polled.value : undefined;
  const error = polled.error;
  const [sources, setSources] = useState<Record<string, string>>({});

  useEffect(() => {
    get<Record<string, string>[]>('datasource/all_sources.json').then(
      (list) => setSources(Object.fromEntries(list.map((source) => [source['svc.datasource.uuid'], source['svc.datasource.name']]))),
      () => {},
    );
  }, [deviceKey]);

  if (!device) {
    return (
      <aside class="detail" aria-label="Device detail">
        <button type="button" class="close" onClick={onClose} aria-label="Close">
          ×
        </button>
        <p class={error ? 'error' : 'muted'}>{error || 'loading…'}</p>
      </aside>
    );
  }
  const packets = device['svc.device.packets_rrd'];
  const signalRrd = device['svc.device.base.signal']?.['svc.common.signal.signal_rrd'];
  const minute = rrdSeries(packets, 'minute');
  const hour = rrdSeries(packets, 'hour');
  const signal = rrdSeries(signalRrd, 'minute', true);
  const seenBy = (device['svc.device.base.seenby'] ?? []) as Record<string, any>[];
  const phy = device['svc.device.base.phyname'] as string;
  const panels = devicePanels.value.filter((panel) => panel.phy === phy || panel.phy === '*');

  return (
    <aside class="detail" aria-label="Device detail">
      <button type="button" class="close" onClick={onClose} aria-label="Close">
        ×
      </button>
      <h1 class="detail-title">{device['svc.device.base.commonname'] || device['svc.device.base.macaddr']}</h1>
      {error && <p class="error">{error}</p>}
      <KeyValues
        rows={[
          ['MAC', device['svc.device.base.macaddr']],
          ['Type', device['svc.device.base.type']],
          ['PHY', phy],
          ['Manufacturer', device['svc.device.base.manuf']],
          ['Channel', device['svc.device.base.channel']],
          ['Encryption', device['svc.device.base.crypt']],
          ['Signal', device['svc.device.base.signal'] ? `${device['svc.device.base.signal']['svc.common.signal.last_signal']} dBm (${device['svc.device.base.signal']['svc.common.signal.min_signal']} to ${device['svc.device.base.signal']['svc.common.signal.max_signal']})` : ''],
          ['Packets', count(device['svc.device.base.packets.total'] ?? 0)],
          ['First seen', <Time seconds={device['svc.device.base.first_time']} />],
          ['Last seen', <Time seconds={device['svc.device.base.last_time']} />],
          ['Key', device['svc.device.base.key']],
        ]}
      />
      {panels.map((panel) => {
        const Panel = panel.render;
        return (
          <Section key={`${panel.module}:${panel.title}`} title={panel.title}>
            <ModuleBoundary module={panel.module}>
              <Panel device={device} />
            </ModuleBoundary>
          </Section>
        );
      })}
      <Section
        title="Activity"
        actions={
          <a class="small" href={apiPath(`devices/pcap/by-key/${device['svc.device.base.key']}/packets.pcapng`)} download={`svc-device-${device['svc.device.base.key']}.pcapng`} title="the frames this device sends or is sent, as they arrive, as a pcapng stream">
            packets (pcapng, live)
          </a>
        }
      >
        <Graph title="Packets per second, last minute" times={minute.times} series={[{ label: 'packets', values: minute.values }]} />
        <Graph title="Packets per minute, last hour" times={hour.times} series={[{ label: 'packets', values: hour.values }]} />
        {signalRrd && <Graph title="Signal, last minute (peak per second)" times={signal.times} series={[{ label: 'signal', unit: 'dBm', values: signal.values }]} />}
      </Section>
      <Section title="Seen by">
        <Table
          columns={['Source', 'Packets', 'First seen', 'Last seen']}
          rows={seenBy.map((entry) => [
            sources[entry['svc.common.seenby.uuid']] ?? entry['svc.common.seenby.uuid'],
            count(entry['svc.common.seenby.num_packets'] ?? 0),
            <Time seconds={entry['svc.common.seenby.first_time']} />,
            <Time seconds={entry['svc.common.seenby.last_time']} />,
          ])}
        />
      </Section>
      {isAdmin.value && <NameAndTags device={device} onChange={polled.reload} />}
      <Section title="All fields">
        <FieldGroups record={device} />
      </Section>
    </aside>
  );
}
