import { expect } from "vitest";
import { ParseError } from "../../src/common/errors.js";

/** `parse(raw)` throws a ParseError that keeps `raw` whole and whose message matches `message`. */
export function expectParseError(parse: (raw: string) => unknown, raw: string, message: RegExp): ParseError {
  let error: unknown;
  try {
    parse(raw);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ParseError);
  expect((error as ParseError).message).toMatch(message);
  expect((error as ParseError).raw).toBe(raw);
  return error as ParseError;
}
