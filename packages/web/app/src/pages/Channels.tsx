/**
 * The channels page: packets and devices per frequency (`/channels/channels.json`), one row per
 * frequency in order with its channel, the packets heard on it since start and in the last
 * minute (with a bar for a quick look at where the air is busy), the devices last heard on it,
 * those active in the last 30 s, and the last signal. Refreshed every 2 s.
 */
import { get } from '../api';
import { Section } from '../components/Section';
import { count } from '../format';
import { usePolled } from '../use-polled';

type Record_ = Record<string, any>;

const REFRESH_MS = 2000;

const sum = (values: readonly number[] | undefined) => (values ?? []).reduce((total, value) => total + value, 0);

/** The channels page. */
export function Channels() {
  const polled = usePolled(() => get<Record_>('channels/channels.json'), REFRESH_MS, []);
  const frequencies = Object.values<Record_>(polled.value?.['svc.channeltracker.frequency_map'] ?? {}).sort(
    (a, b) => a['svc.channelrec.frequency'] - b['svc.channelrec.frequency'],
  );
  const busiest = Math.max(1, ...frequencies.map((record) => Number(record['svc.channelrec.packets'] ?? 0)));
  return (
    <main class="page channels">
      {polled.error && <p class="error">{polled.error}</p>}
      <Section title="Packets and devices per channel">
        {polled.value && frequencies.length === 0 && <p class="muted">No packet with a frequency yet: the sources have heard nothing, or report no radio channel.</p>}
        {frequencies.length > 0 && (
          <table class="plain channel-table">
            <thead>
              <tr>
                {['Channel', 'Frequency', 'Packets', '', 'Last minute', 'Devices', 'Active (30 s)', 'Signal'].map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {frequencies.map((record) => {
                const khz = Number(record['svc.channelrec.frequency']);
                const packets = Number(record['svc.channelrec.packets'] ?? 0);
                const active = record['svc.channelrec.active_devices'] ?? 0;
                const signal = record['svc.channelrec.signal']?.['svc.common.signal.last_signal'];
                return (
                  <tr key={khz} data-frequency={khz}>
                    <td data-cell="channel">{record['svc.channelrec.channel'] === 'unknown' ? '–' : record['svc.channelrec.channel']}</td>
                    <td>{khz >= 1_000_000 ? `${khz / 1000} MHz` : `${khz} kHz`}</td>
                    <td data-cell="packets">{count(packets)}</td>
                    <td class="bar-cell">
                      <span class="bar" style={{ width: `${Math.round((packets / busiest) * 100)}%` }} />
                    </td>
                    <td>{count(sum(record['svc.channelrec.packets_rrd']?.['svc.common.rrd.minute_vec']))}</td>
                    <td data-cell="devices">{count(Number(record['svc.channelrec.devices'] ?? 0))}</td>
                    <td>{count(Math.round(Number(active)))}</td>
                    <td>{signal ? `${signal} dBm` : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Section>
    </main>
  );
}
