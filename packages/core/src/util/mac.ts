/**
 * MAC address text handling. svc serves MACs as uppercase colon-separated hex
 * (`AA:BB:CC:DD:EE:FF`) and accepts `-`, `:` or no separator on input.
 */

/** Normalizes a MAC string to `AA:BB:CC:DD:EE:FF`; undefined when it is not a MAC. */
export function normalizeMac(text: string): string | undefined {
  const hex = text.trim().replace(/[:-]/g, '');
  if (!/^[0-9A-Fa-f]{12}$/.test(hex)) return undefined;
  return hex.toUpperCase().match(/../g)!.join(':');
}
