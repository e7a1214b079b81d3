/** Entries of a results list (samples, instruction counts) by step and variant. Pure. */
import { InputError } from "../common/errors.js";

export interface IndexedList<T> {
  /** the results field, named in errors: "samples", "instructions" */
  field: string;
  /** what one entry is, for the error: "sample", "count" */
  what: string;
  /** the number that may occur once per step and variant ("round", "repeat"); null: entries without one */
  unit: (entry: T) => { name: string; value: number } | null;
}

/** Entries by step id, then by variant id; a second entry of the same step, variant and unit is refused. */
export function indexByStepAndVariant<T extends { step: string; variant: string }>(entries: readonly T[], list: IndexedList<T>): (step: string, variant: string) => T[] {
  const index = new Map<string, T[]>();
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const unit = list.unit(entry);
    if (unit) {
      const id = JSON.stringify([entry.step, entry.variant, unit.value]);
      if (seen.has(id)) throw new InputError(`a second ${list.what} of step ${entry.step}, variant ${entry.variant}, ${unit.name} ${unit.value}`, undefined, `$.${list.field}[${i}]`);
      seen.add(id);
    }
    const key = JSON.stringify([entry.step, entry.variant]);
    const found = index.get(key);
    if (found) found.push(entry);
    else index.set(key, [entry]);
  });
  return (step, variant) => index.get(JSON.stringify([step, variant])) ?? [];
}
