/**
 * The command a mistyped one most likely meant (`svc strat` -> `start`): the known command id
 * with the smallest edit distance, when it is close enough to be a typo rather than another word.
 */

/** Levenshtein distance: insertions, deletions and substitutions to turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest of `known` to `typed`, or undefined when none is within a typo's distance. */
export function suggestCommand(typed: string, known: readonly string[]): string | undefined {
  const allowed = Math.max(2, Math.floor(typed.length / 3));
  let best: { id: string; distance: number } | undefined;
  for (const id of known) {
    const distance = editDistance(typed, id);
    if (distance <= allowed && (!best || distance < best.distance)) best = { id, distance };
  }
  return best?.id;
}
