import { expect } from "vitest";
import { InputError } from "../../src/common/errors.js";

/** The message of the InputError `fn` throws (the test fails if it throws nothing or something else). */
export function inputError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error("expected an InputError");
}
