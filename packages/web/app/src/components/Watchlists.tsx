/**
 * The DEVICEFOUND / DEVICELOST watchlists: every entry (a MAC, a MAC/MASK range or an OUI) with
 * its name, list, origin and the time of its last alert, a watched MAC linked to its device when
 * one is tracked. An admin adds entries (to the found list, the lost list or both) and removes
 * those added here; entries from svc.conf lines are changed there.
 */
import { useState } from 'preact/hooks';
import { get } from '../api';
import { useDeviceKeys } from '../device-keys';
import { isAdmin } from '../session';
import { useCommand } from '../use-command';
import { usePolled } from '../use-polled';
import { ErrorLine } from './ErrorLine';
import { MacLink } from './MacLink';
import { Section } from './Section';
import { Table } from './Table';
import { Time } from './Time';

type Entry = Record<string, any>;

const REFRESH_MS = 5000;

function AddEntry({ onAdded }: { onAdded(): void }) {
  const [mac, setMac] = useState('');
  const [name, setName] = useState('');
  const [list, setList] = useState('both');
  const adding = useCommand();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!(await adding.run(`devices/alerts/mac/${list}/add.cmd`, { mac, name }))) return;
    setMac('');
    setName('');
    onAdded();
  };
  return (
    <>
      <form class="inline-form" aria-label="Add to a watchlist" onSubmit={submit}>
        <input aria-label="Watched MAC" placeholder="MAC, MAC/MASK or OUI" value={mac} onInput={(event) => setMac(event.currentTarget.value)} required size={36} />
        <input aria-label="Watch name" placeholder="name (in the alert text)" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <select aria-label="Watchlist" value={list} onChange={(event) => setList(event.currentTarget.value)}>
          <option value="both">found and lost</option>
          <option value="found">found (DEVICEFOUND)</option>
          <option value="lost">lost (DEVICELOST)</option>
        </select>
        <button type="submit">Watch</button>
      </form>
      <ErrorLine error={adding.error} />
    </>
  );
}

/** The watchlists section. */
export function Watchlists() {
  const polled = usePolled(() => get<Entry[]>('devices/alerts/mac/both/entries.json'), REFRESH_MS, []);
  const entries = polled.value ?? [];
  const keys = useDeviceKeys(entries.map((entry) => String(entry['svc.watchlist.entry.mac'])));
  const removing = useCommand();
  const remove = async (entry: Entry) => {
    if (await removing.run(`devices/alerts/mac/${entry['svc.watchlist.entry.type']}/remove.cmd`, { mac: entry['svc.watchlist.entry.mac'] })) polled.reload();
  };
  return (
    <Section title={`Watchlists (${entries.length})`}>
      <p class="muted small">DEVICEFOUND is raised when a device on the found list appears, or comes back after a silence; DEVICELOST when a device on the lost list goes silent.</p>
      {polled.error && <p class="error">{polled.error}</p>}
      <Table
        columns={['MAC', 'Name', 'List', 'From', 'Last alert', '']}
        rows={entries.map((entry) => [
          <span data-testid="watch-mac">
            <MacLink mac={String(entry['svc.watchlist.entry.mac'])} keys={keys} />
          </span>,
          entry['svc.watchlist.entry.name'],
          entry['svc.watchlist.entry.type'],
          entry['svc.watchlist.entry.origin'] === 'config' ? 'svc.conf' : 'added here',
          <Time seconds={Number(entry['svc.watchlist.entry.last_alert'] ?? 0)} />,
          isAdmin.value && entry['svc.watchlist.entry.origin'] === 'api' ? (
            <button type="button" class="link danger" aria-label={`Stop watching ${entry['svc.watchlist.entry.mac']} (${entry['svc.watchlist.entry.type']})`} onClick={() => void remove(entry)}>
              remove
            </button>
          ) : (
            ''
          ),
        ])}
        empty="Nothing is watched. devicefound= and devicelost= lines in svc.conf, or an admin here, add entries."
      />
      {isAdmin.value && <AddEntry onAdded={polled.reload} />}
      <ErrorLine error={removing.error} />
    </Section>
  );
}
