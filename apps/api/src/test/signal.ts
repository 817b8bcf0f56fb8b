/**
 * A promise and the call that fulfils it, for tests that hold one side of a race until the other
 * has come to a given point: `await held.promise` on one side, `held.fire()` on the other.
 */
export function signal(): { promise: Promise<void>; fire: () => void } {
  let fire: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}
