/**
 * The adapter's state in the `linuxbluetooth` source record (`OpenContext.details`): whether
 * it is powered, blocked by rfkill, discovering, and whether another program (the desktop's
 * Bluetooth settings, `bluetoothctl scan on`) was already discovering when the source opened,
 * so a user reading the record sees why the source cannot open or shares the radio.
 */
import type { FieldDefinition, SourceDetails } from '@svc/core';
import type { BluezProperties } from './bluez-objects.js';
import type { RfkillState } from './sysfs-adapters.js';

const PREFIX = 'svc.datasource.bluetooth';

/** Field names of the adapter's state. */
export const ADAPTER_DETAIL = {
  address: `${PREFIX}.address`,
  powered: `${PREFIX}.powered`,
  discovering: `${PREFIX}.discovering`,
  inUse: `${PREFIX}.in_use`,
  rfkillSoft: `${PREFIX}.rfkill_soft`,
  rfkillHard: `${PREFIX}.rfkill_hard`,
} as const;

/** The fields, registered by the plugin. */
export const ADAPTER_DETAIL_FIELDS: readonly FieldDefinition[] = [
  { name: ADAPTER_DETAIL.address, type: 'string', description: "the adapter's own Bluetooth address, as BlueZ reports it" },
  { name: ADAPTER_DETAIL.powered, type: 'uint8_t', description: '1 while the adapter is powered (BlueZ Adapter1.Powered)' },
  { name: ADAPTER_DETAIL.discovering, type: 'uint8_t', description: '1 while the adapter is discovering, for this source or another program' },
  { name: ADAPTER_DETAIL.inUse, type: 'uint8_t', description: '1 when another program was already discovering when the source opened: the radio is shared' },
  { name: ADAPTER_DETAIL.rfkillSoft, type: 'uint8_t', description: "1 while rfkill blocks the adapter by software ('rfkill unblock bluetooth' lifts it)" },
  { name: ADAPTER_DETAIL.rfkillHard, type: 'uint8_t', description: '1 while rfkill blocks the adapter by a hardware switch' },
];

const flag = (value: unknown) => (value === true ? 1 : 0);

/** The details BlueZ's adapter properties give (only those present: a change carries a few). */
export function adapterDetails(adapter: BluezProperties): SourceDetails {
  const details: Record<string, string | number> = {};
  if (typeof adapter.Address === 'string') details[ADAPTER_DETAIL.address] = adapter.Address;
  if ('Powered' in adapter) details[ADAPTER_DETAIL.powered] = flag(adapter.Powered);
  if ('Discovering' in adapter) details[ADAPTER_DETAIL.discovering] = flag(adapter.Discovering);
  return details;
}

/** The details of the adapter's rfkill switches (both 0 without an rfkill entry). */
export function rfkillDetails(rfkill: RfkillState | undefined): SourceDetails {
  return { [ADAPTER_DETAIL.rfkillSoft]: flag(rfkill?.soft), [ADAPTER_DETAIL.rfkillHard]: flag(rfkill?.hard) };
}

/** What blocks the adapter, for an error message; undefined when nothing does. */
export function rfkillBlock(rfkill: RfkillState | undefined): string | undefined {
  if (rfkill?.hard) return 'blocked by a hardware rfkill switch (turn the switch on)';
  if (rfkill?.soft) return "blocked by rfkill (run 'rfkill unblock bluetooth')";
  return undefined;
}
