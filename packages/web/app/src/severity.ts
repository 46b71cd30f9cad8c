/** Alert severities by name, as Kismet numbers them (0 info, 5 low, 10 medium, 15 high, 20 critical). */

const NAMES = ['info', 'low', 'medium', 'high', 'critical'];

/** The name of a severity number. */
export function severityName(value: number): string {
  if (value >= 20) return NAMES[4]!;
  if (value >= 15) return NAMES[3]!;
  if (value >= 10) return NAMES[2]!;
  if (value >= 5) return NAMES[1]!;
  return NAMES[0]!;
}
