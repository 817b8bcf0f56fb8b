import { afterEach, expect, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test that caused it.
const reported: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  reported.push(args);
});

afterEach(() => {
  const errors = reported.splice(0);
  expect(errors, 'console.error was called').toEqual([]);
});
