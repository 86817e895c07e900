import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';
import { ROOT } from './paths.ts';

export interface Line {
  /** When the test process received it (Date.now()). */
  at: number;
  text: string;
}

/**
 * `functions/process/start.ts`, the real entry point of `npm start`, in a child
 * process: one process or a cluster (WEB_CONCURRENCY), configured by the
 * environment alone. Collects its output lines with the time each arrived.
 */
export class ServiceProcess {
  readonly lines: Line[] = [];
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  url = '';

  private constructor(child: ChildProcess) {
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })));
    let partial = '';
    const collect = (chunk: Buffer): void => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) this.lines.push({ at: Date.now(), text: line });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
  }

  /** Starts it on a free port of 127.0.0.1 and waits until it says it listens. */
  static async start(env: Record<string, string>, options: { args?: string[]; port?: number } = {}): Promise<ServiceProcess> {
    const port = options.port ?? (await freePort());
    const child = spawn(process.execPath, [...(options.args ?? []), 'functions/process/start.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), HUB_ALLOW_PRIVATE_CALLBACKS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(child);
    service.url = `http://127.0.0.1:${port}`;
    await Promise.race([
      service.waitForLine(/Verified Reviews Service listening/, 30_000),
      service.exited.then(({ code }) => {
        throw new Error(`the service exited (${code}) before listening:\n${service.output()}`);
      }),
    ]);
    return service;
  }

  output(): string {
    return this.lines.map((l) => l.text).join('\n');
  }

  async waitForLine(pattern: RegExp, timeoutMs = 10_000, after = 0): Promise<Line> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find((l) => l.at >= after && pattern.test(l.text));
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no output line matching ${pattern} in ${timeoutMs} ms:\n${this.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The pids of the workers that said they listen and have not died since. */
  workers(): number[] {
    const alive = new Set<number>();
    for (const { text } of this.lines) {
      const listening = /^worker (\d+) listening/.exec(text);
      if (listening) alive.add(Number(listening[1]));
      const died = /^worker (\d+) died/.exec(text);
      if (died) alive.delete(Number(died[1]));
    }
    return [...alive];
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Graceful stop, bounded: SIGKILL after 15 s. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}
