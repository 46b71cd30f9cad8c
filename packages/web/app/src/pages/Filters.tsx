/**
 * The filters page: the ingest filter that keeps devices out of the tracker, the logs and the
 * exports. Its default, the packets and devices it dropped, and each rule (a MAC, a MAC/MASK
 * range, an OUI, `randomized` or `*`, on one PHY or every PHY, pass or block) with what it
 * dropped. An admin adds rules, removes those added here and sets the default; rules from
 * `ingest_filter=` lines in svc.conf are changed there.
 */
import { useEffect, useState } from 'preact/hooks';
import { get } from '../api';
import { ErrorLine } from '../components/ErrorLine';
import { KeyValues } from '../components/KeyValues';
import { Section } from '../components/Section';
import { Table } from '../components/Table';
import { count } from '../format';
import { isAdmin } from '../session';
import { useCommand } from '../use-command';
import { usePolled } from '../use-polled';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

function AddRule({ phys, onAdded }: { phys: readonly string[]; onAdded(): void }) {
  const [match, setMatch] = useState('');
  const [action, setAction] = useState('block');
  const [phy, setPhy] = useState('any');
  const adding = useCommand();
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!(await adding.run('filters/ingest/add_rule.cmd', { match, action, phy }))) return;
    setMatch('');
    onAdded();
  };
  return (
    <>
      <form class="inline-form" aria-label="Add a filter rule" onSubmit={submit}>
        <input aria-label="Rule match" placeholder="MAC, MAC/MASK, OUI, randomized or *" value={match} onInput={(event) => setMatch(event.currentTarget.value)} required size={44} />
        <select aria-label="Rule action" value={action} onChange={(event) => setAction(event.currentTarget.value)}>
          <option value="block">block</option>
          <option value="pass">pass</option>
        </select>
        <select aria-label="Rule PHY" value={phy} onChange={(event) => setPhy(event.currentTarget.value)}>
          <option value="any">every PHY</option>
          {phys.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit">Add rule</button>
      </form>
      <ErrorLine error={adding.error} />
    </>
  );
}

function DefaultAction({ current, onChanged }: { current: string; onChanged(): void }) {
  const setting = useCommand();
  const other = current === 'block' ? 'pass' : 'block';
  const set = async () => {
    if (await setting.run('filters/ingest/set_default.cmd', { default: other })) onChanged();
  };
  return (
    <>
      <button type="button" onClick={() => void set()}>
        {other === 'block' ? 'Block' : 'Pass'} unmatched MACs
      </button>
      <ErrorLine error={setting.error} />
    </>
  );
}

/** The filters page. */
export function Filters() {
  const polled = usePolled(() => get<Record_>('filters/ingest/filter.json'), REFRESH_MS, []);
  const [phys, setPhys] = useState<string[]>([]);
  const removing = useCommand();
  useEffect(() => {
    get<Record_[]>('phy/all_phys.json').then((list) => setPhys(list.map((phy) => String(phy['svc.phy.phy_name']))), () => {});
  }, []);
  const filter = polled.value;
  const rules = (filter?.['svc.ingestfilter.rules'] ?? []) as Record_[];
  const remove = async (rule: Record_) => {
    if (await removing.run('filters/ingest/remove_rule.cmd', { match: rule['svc.ingestfilter.rule.match'], phy: rule['svc.ingestfilter.rule.phy'] })) polled.reload();
  };
  return (
    <main class="page filters">
      {polled.error && <p class="error">{polled.error}</p>}
      <Section title="Ingest filter" actions={isAdmin.value && filter ? <DefaultAction current={filter['svc.ingestfilter.default']} onChanged={polled.reload} /> : undefined}>
        <p class="muted small">
          A packet that names a blocked MAC is dropped before tracking: its devices are not tracked, logged or exported. The most specific rule decides (a MAC, then the longest mask, then randomized, then *), a PHY's own rule before a rule for every PHY; MACs no rule matches get the default.
        </p>
        {filter && (
          <KeyValues
            rows={[
              ['Unmatched MACs', <strong data-testid="filter-default">{filter['svc.ingestfilter.default']}</strong>],
              ['Packets dropped', <span data-testid="filter-dropped-packets">{count(Number(filter['svc.ingestfilter.dropped_packets'] ?? 0))}</span>],
              ['Devices dropped', <span data-testid="filter-dropped-devices">{count(Number(filter['svc.ingestfilter.dropped_devices'] ?? 0))}</span>],
            ]}
          />
        )}
      </Section>
      <Section title={`Rules (${rules.length})`}>
        <Table
          columns={['Match', 'Kind', 'PHY', 'Action', 'From', 'Packets dropped', 'Devices dropped', '']}
          rows={rules.map((rule) => [
            <code data-testid="rule-match">{rule['svc.ingestfilter.rule.match']}</code>,
            rule['svc.ingestfilter.rule.kind'],
            rule['svc.ingestfilter.rule.phy'] === 'any' ? 'every PHY' : rule['svc.ingestfilter.rule.phy'],
            <span class={rule['svc.ingestfilter.rule.action'] === 'block' ? 'state-error' : 'state-running'}>{rule['svc.ingestfilter.rule.action']}</span>,
            rule['svc.ingestfilter.rule.origin'] === 'config' ? 'svc.conf' : 'added here',
            <span data-testid="rule-packets">{count(Number(rule['svc.ingestfilter.rule.dropped_packets'] ?? 0))}</span>,
            <span data-testid="rule-devices">
              {count(Number(rule['svc.ingestfilter.rule.dropped_devices'] ?? 0))}
              {rule['svc.ingestfilter.rule.dropped_devices_exact'] ? '' : '+'}
            </span>,
            isAdmin.value && rule['svc.ingestfilter.rule.origin'] === 'api' ? (
              <button type="button" class="link danger" aria-label={`Remove the rule for ${rule['svc.ingestfilter.rule.match']}`} onClick={() => void remove(rule)}>
                remove
              </button>
            ) : (
              ''
            ),
          ])}
          empty="No rules: every device is tracked."
        />
        {isAdmin.value && <AddRule phys={phys} onAdded={polled.reload} />}
        <ErrorLine error={removing.error} />
      </Section>
    </main>
  );
}
