import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from './processes.ts';
import { freePort } from '../test/support/free-port.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((path) => existsSync(path));
const BROTLI_STATIC = [
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/local/nginx/modules/ngx_http_brotli_static_module.so',
].find((path) => existsSync(path));

/**
 * Why the nginx comparison cannot run here, or undefined when it can. It needs
 * nginx with `gzip_static` and the brotli `brotli_static` module (Debian:
 * `apt-get install nginx-light libnginx-mod-http-brotli-static`); it is a
 * benchmark's yardstick, never a dependency of the tests or the service.
 */
export function nginxMissing(): string | undefined {
  if (!NGINX) return 'nginx is not installed (Debian: apt-get install nginx-light libnginx-mod-http-brotli-static)';
  if (!BROTLI_STATIC) return 'the nginx brotli_static module is not installed (Debian: apt-get install libnginx-mod-http-brotli-static)';
  const version = spawnSync(NGINX, ['-V'], { encoding: 'utf8' });
  if (!`${version.stdout}${version.stderr}`.includes('http_gzip_static_module')) return `${NGINX} lacks gzip_static`;
  return undefined;
}

/**
 * nginx in the foreground serving `root` as the best static host would: one
 * process (no master, so the pid measured and pinned is the one that works),
 * `gzip_static` and `brotli_static` on the build's `.gz`/`.br` files, open
 * file cache, sendfile, no access log, keep-alive without a request cap.
 * Its config and temporary files live in a folder of their own, removed on stop.
 */
export async function startNginx(root: string, prefix: readonly string[] = []): Promise<ServerProcess & { version: string }> {
  if (!NGINX || !BROTLI_STATIC) throw new Error(nginxMissing());
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  await mkdir(join(dir, 'logs'));
  const port = await freePort();
  const config = `
load_module ${BROTLI_STATIC};
daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr error;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  log_not_found off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  open_file_cache max=10000 inactive=60s;
  open_file_cache_valid 60s;
  gzip_static on;
  brotli_static on;
  gzip_vary on;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    etag on;
  }
}
`;
  await writeFile(join(dir, 'nginx.conf'), config);
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const argv: string[] = [...prefix, NGINX, '-p', dir, '-e', 'stderr', '-c', join(dir, 'nginx.conf')];
  const child = spawn(argv[0] as string, argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  // Ready once it answers.
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode}) before listening`);
    const ok = await fetch(url + '/ready-probe', { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (tries > 100) {
      await stop();
      throw new Error('nginx did not answer within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid as number, stop, version };
}
