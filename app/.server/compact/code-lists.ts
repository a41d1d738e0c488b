/**
 * A short list of strings per owner (a tool's tags, platforms, marketplaces) as small numbers (decision 0039):
 * each distinct string once in `values`, each owner's list as `codes[offsets[owner]]` to
 * `codes[offsets[owner + 1]]`, in the order added (repeats kept).
 */
import type { TimeSlices } from "~/lib/time-slices";
import { GrowableInt32, GrowableUint32, groupByOwner } from "./growable";

export interface CodeLists {
  values: string[];
  offsets: Uint32Array;
  codes: Uint32Array;
}

export const codesOf = (lists: CodeLists, owner: number): Uint32Array => lists.codes.subarray(lists.offsets[owner]!, lists.offsets[owner + 1]!);

export const valuesOf = (lists: CodeLists, owner: number): string[] => Array.from(codesOf(lists, owner), (code) => lists.values[code]!);

/** Collects (owner, value) pairs in any order of owners; `build` groups them by owner. */
export class CodeListsBuilder {
  readonly #values: string[] = [];
  readonly #codeOf = new Map<string, number>();
  readonly #owners = new GrowableInt32();
  readonly #codes = new GrowableUint32();

  add(owner: number, value: string): void {
    let code = this.#codeOf.get(value);
    if (code === undefined) this.#codeOf.set(value, (code = this.#values.push(value) - 1));
    this.#owners.push(owner);
    this.#codes.push(code);
  }

  /** The code of `value`, or -1 when no owner has it. */
  codeOf(value: string): number {
    return this.#codeOf.get(value) ?? -1;
  }

  async build(ownerCount: number, slices: TimeSlices): Promise<CodeLists> {
    const { offsets, order } = groupByOwner(this.#owners.view(), ownerCount);
    const codes = new Uint32Array(order.length);
    for (let k = 0; k < order.length; k++) {
      codes[k] = this.#codes.at(order[k]!);
      if (slices.due()) await slices.yield();
    }
    return { values: this.#values, offsets, codes };
  }
}
