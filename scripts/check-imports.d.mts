// Types of scripts/check-imports.mjs, for the rules' tests (apps/api/src/import-rules.test.ts).
import type ts from 'typescript';

export const repositoryRoot: string;
export const baselineName: string;
/** Whether a parsed file registers an HTTP route (a Fastify method with a path, or `route({ … })`). */
export function registersRoutes(source: ts.SourceFile): boolean;
/** Every import against the rules in the tree at `root`, as `rule: from → to`, sorted. */
export function importViolations(root?: string, folders?: string[]): Promise<string[]>;
/** Lines the baseline gained in its committed history or in the working copy. */
export function baselineGrowth(root?: string): string[];
/** The baseline `--write-baseline` writes: the known violations still found, never a new one. */
export function prunedBaseline(known: string[], found: string[]): string[];
