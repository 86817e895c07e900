import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export interface StartedEntry {
  child: ChildProcess;
  /** Resolves with the base URL once the process says it listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<number | null>;
  output: () => string;
}

/** Runs `npm start`'s entry point (functions/process/start.ts) with `env`, collecting its output. */
export function startEntry(env: NodeJS.ProcessEnv): StartedEntry {
  const child = spawn(process.execPath, [join(ROOT, 'functions/process/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
}
