import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions bound a latency the product promises (a search
 * answered within 500 ms under hostile clients, hub writes adding under 50 ms
 * to p99, pushes out within 5 s, a start answered within a second). They run
 * one at a time after the rest, with nothing else on the machine, so that
 * another test file's build or browser is not what they measure.
 */
const ALONE = [
  'test/functions/hostile-clients.test.ts',
  'test/functions/hub/locked.test.ts',
  'test/functions/hub/fairness.test.ts',
  'test/functions/hub/serve-first.test.ts',
  'test/functions/hub/postgres-faults.test.ts',
];

/**
 * The longest files, started first so that two workers finish together
 * (vitest's own order, by the last run's durations, has nothing to go on in a
 * clean clone; then it takes the largest files first, and these are short).
 * The training check first: minutes of one core's work, with nothing to wait on.
 */
const LONGEST_FIRST = [
  'test/lib/insights/learned/weights.test.ts',
  'test/pages/browser.test.ts',
  'test/build/site-address.test.ts',
  'test/build/build.test.ts',
  'test/scripts/import.test.ts',
  'test/functions/hub/crash.test.ts',
  'test/functions/hub/store.test.ts',
  'test/functions/signals.test.ts',
  'test/scripts/deploy-faults.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array#sort is stable: past the listed files, vitest's order stands.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Files that import the domain and tooling and start nothing: one worker runs
 * many of them without reloading the modules they share (the analyser's
 * language model, the schemas), which most of their time went to.
 */
const UNIT = ['test/lib/**/*.test.ts', 'test/tools/**/*.test.ts', 'test/artifacts/**/*.test.ts'];

const shared = {
  // Integration tests build the site and start real servers: give them room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 240_000,
};

export default defineConfig({
  test: {
    // Runs once for the whole run; every project inherits what it provides.
    globalSetup: ['test/global-setup.ts'],
    // The run's one sequencer is the root's.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: UNIT,
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'parallel',
          include: ['test/**/*.test.ts'],
          exclude: [...ALONE, ...UNIT],
          // A worker keeps the modules it loaded from file to file (the service, the hub's store, the schemas):
          // reloading them for every file was about a tenth of the hub files' CPU. No file here mocks or stubs.
          isolate: false,
          // Two files at once on the 2-core machine: most wait on child processes and sockets.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
