/** One problem in one content file, phrased so the owner can fix it. */
export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

/** Thrown by the build when content is inconsistent; lists every problem, not only the first. */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(
      `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`).join('\n'),
    );
    this.problems = problems;
  }
}
