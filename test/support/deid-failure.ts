// The DeidError a promise is rejected with; the test fails when it resolves or rejects with anything else.
import { expect } from "vitest";
import { DeidError } from "../../src/contract/index.js";

export async function deidFailure(p: Promise<unknown>): Promise<DeidError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeidError);
  return err as DeidError;
}
