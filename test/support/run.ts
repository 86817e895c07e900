import { execFile } from 'node:child_process';
import { ROOT } from './paths.ts';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command from the project root and collects its output, whatever its exit code. */
export function run(command: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
