/**
 * The error `work` rejects with, for tests that look into it (its code, its message). Any other
 * kind of error is thrown on, and a `work` that succeeds fails the test.
 */
export async function rejectionOf<E extends Error>(work: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await work;
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error(`expected a ${kind.name}, but it succeeded`);
}
