/** One problem in one content file, phrased so the owner can fix it. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

/** `file: field: what is wrong (what would be right)`: the one line a problem is printed as. */
export const problemLine = (p: ContentProblem): string => `${p.file}: ${p.field}: ${p.message}`;

/** Thrown by the build when content is inconsistent; lists every problem (each once), not only the first. */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    const unique = [...new Map(problems.map((p) => [problemLine(p), p])).values()];
    super(`Content has ${unique.length} problem${unique.length === 1 ? '' : 's'}:\n` + unique.map((p) => `  ${problemLine(p)}`).join('\n'));
    this.problems = unique;
  }
}
