// Equality of data as IndexedDB holds it: what a read gave against a new read, or against what a pull
// brings, so that an unchanged object is kept and an unchanged row is not written again.

/** Equality of plain objects, arrays and primitives (data read from IndexedDB or parsed from JSON). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
