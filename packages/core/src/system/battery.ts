/**
 * Battery state for `/system/status` (a Raspberry Pi in a backpack cares). Read from Linux
 * `/sys/class/power_supply`; a machine without a battery reports mains power and no charge.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Battery fields as served in status. */
export interface BatteryState {
  percentage: number;
  charging: string;
  ac: number;
  remaining: number;
}

/** Reads the current battery state. */
export function readBattery(root = '/sys/class/power_supply'): BatteryState {
  const state: BatteryState = { percentage: 0, charging: 'none', ac: 1, remaining: 0 };
  let supplies: string[];
  try {
    supplies = readdirSync(root);
  } catch {
    return state;
  }
  const read = (supply: string, file: string) => {
    try {
      return readFileSync(join(root, supply, file), 'utf8').trim();
    } catch {
      return undefined;
    }
  };
  let sawMains = false;
  for (const supply of supplies) {
    const type = read(supply, 'type');
    if (type === 'Mains') {
      sawMains = true;
      state.ac = read(supply, 'online') === '1' ? 1 : 0;
    } else if (type === 'Battery') {
      state.percentage = Number(read(supply, 'capacity') ?? 0) || 0;
      const status = (read(supply, 'status') ?? 'unknown').toLowerCase();
      state.charging = status === 'full' ? 'charged' : status === 'not charging' ? 'discharging' : status;
      const energy = Number(read(supply, 'energy_now'));
      const power = Number(read(supply, 'power_now'));
      if (state.charging === 'discharging' && energy > 0 && power > 0) state.remaining = Math.round((energy / power) * 3600);
      if (!sawMains) state.ac = state.charging === 'discharging' ? 0 : 1;
    }
  }
  return state;
}
