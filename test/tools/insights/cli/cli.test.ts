import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, ReviewLineSchema, parseJsonl } from '../../../../tools/insights/cli/review-lines.ts';
import { InsightsSchema } from '../../../../src/schemas/insights.ts';

function runCli(lines: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'insights-cli-'));
  const input = join(dir, 'reviews.jsonl');
  writeFileSync(input, lines);
  try {
    const result = spawnSync(process.execPath, ['scripts/insights.ts', '--input', input], { encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('parseJsonl', () => {
  it('fills the Review defaults and keeps absent mentions absent', () => {
    const [line] = parseJsonl('{"id":"r1","rating":5,"date":"2024-05-01","text":"Great."}\n', ReviewLineSchema);
    expect(line).toMatchObject({ id: 'r1', author: 'Anonymous', verified: true, owner_reply: null, service_area: null });
    expect(line!.technicians).toBeUndefined();
  });
  it('names the line and the field of every problem', () => {
    const text = [
      '{"id":"r1","rating":5,"date":"2024-05-01","text":"ok"}',
      '{"id":"r2","rating":7,"date":"2024-02-30","text":"ok"}',
      'not json',
      '{"id":"r1","rating":4,"date":"2024-05-02","text":null}',
    ].join('\n');
    expect(() => parseJsonl(text, ReviewLineSchema)).toThrow(InputError);
    const message = (() => {
      try {
        parseJsonl(text, ReviewLineSchema);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^line 2, rating: /),
      expect.stringMatching(/^line 2, date: /),
      expect.stringMatching(/^line 3: not valid JSON/),
      'line 4, id: "r1" already used on line 1',
    ]);
  });
});

describe('npm run insights', () => {
  it('prints valid insights, deriving technicians from the text', () => {
    const { status, stdout } = runCli(
      '{"id":"r1","rating":5,"date":"2024-05-01","text":"Priya was on time and very polite."}\n' +
        '{"id":"r2","rating":2,"date":"2024-05-03","text":"Chris was late."}\n',
    );
    expect(status).toBe(0);
    const insights = InsightsSchema.parse(JSON.parse(stdout));
    expect(insights.per_review.r1!.technicians).toEqual(['Priya Natarajan']);
    // Two technicians are called Chris and the review names neither fully: the first name means both.
    expect(insights.per_review.r2!.technicians).toEqual(['Chris Dunmore', 'Chris Oyelaran']);
    expect(insights.generated_at).toBe('2024-05-03T00:00:00Z');
  });
  it('exits 1 with the line and field on bad input', () => {
    const { status, stdout, stderr } = runCli('{"id":"r1","rating":0,"date":"2024-05-01","text":"x"}\n');
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^insights: line 1, rating: /);
  });
});
