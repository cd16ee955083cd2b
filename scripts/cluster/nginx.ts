import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Child } from './process';

/**
 * nginx as the cluster test runs it: Debian's binary with deploy/nginx.conf itself, only its
 * machine-specific lines replaced (the upstream addresses, the port, the log, pid and temporary paths),
 * as a non-daemon child with its own prefix folder.
 */

/** Each replacement must match exactly `count` times: a change of the shipped file fails the test loudly. */
function replace(text: string, pattern: RegExp, by: string, count: number): string {
  const found = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
  if (found !== count)
    throw new Error(`deploy/nginx.conf: expected ${count} line(s) matching ${pattern}, found ${found}`);
  return text.replace(new RegExp(pattern.source, 'gm'), by);
}

function renderNginxConfig(
  shipped: string,
  opts: { dir: string; port: number; httpPort: number; upstreams: number[] },
): string {
  const { dir } = opts;
  let conf = shipped;
  conf = replace(conf, /^error_log .*;$/, `error_log ${dir}/error.log warn;`, 1);
  conf = replace(conf, /^pid .*;$/, `pid ${dir}/nginx.pid;`, 1);
  conf = replace(conf, /^ {2}access_log .*;$/, `  access_log ${dir}/access.log main;`, 1);
  conf = replace(
    conf,
    /^ {4}listen 80 default_server;$/,
    `    listen 127.0.0.1:${opts.httpPort} default_server;`,
    1,
  );
  conf = replace(
    conf,
    /^ {4}listen 443 ssl http2 default_server;$/,
    `    listen 127.0.0.1:${opts.port} ssl http2 default_server;`,
    1,
  );
  conf = replace(
    conf,
    /^ {4}ssl_certificate \/etc\/nginx\/tls\/fullchain.pem;$/,
    `    ssl_certificate ${dir}/tls/fullchain.pem;`,
    1,
  );
  conf = replace(
    conf,
    /^ {4}ssl_certificate_key \/etc\/nginx\/tls\/privkey.pem;$/,
    `    ssl_certificate_key ${dir}/tls/privkey.pem;`,
    1,
  );
  conf = replace(conf, /^ {6}root \/var\/www\/acme;$/, `      root ${dir}/acme;`, 1);
  // The two app servers of the upstream, with their passive-health parameters kept.
  const servers = [...conf.matchAll(/^ {4}server [\d.]+:3000 (.*);.*$/gm)];
  if (servers.length !== opts.upstreams.length)
    throw new Error(
      `deploy/nginx.conf: expected ${opts.upstreams.length} upstream servers, found ${servers.length}`,
    );
  servers.forEach((m, i) => {
    conf = conf.replace(m[0], `    server 127.0.0.1:${opts.upstreams[i]} ${m[1]};`);
  });
  // Temporary files inside the prefix, not under /var/lib/nginx.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${dir}/tmp/${t};`)
    .join('\n');
  conf = replace(conf, /^http \{$/, `http {\n${temp}`, 1);
  return conf;
}

function nginxBinary(): string {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx'])
    if (candidate && fs.existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (apt-get install nginx; .ci/run does it), or set NGINX');
}

/** A line of nginx's access log: the app's field names, and the instances tried. */
export interface AccessLine {
  level: number;
  time: number;
  source: 'nginx';
  msg: 'request';
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  ip: string;
  bytes: number;
  upstream: string;
  upstreamStatus: string;
}

/**
 * A self-signed certificate for 127.0.0.1 made with openssl, as an operator's would be issued: its
 * PEM is the only authority the test's clients trust (`ca`).
 */
function makeCertificate(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'privkey.pem'),
      '-out',
      path.join(dir, 'fullchain.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate:\n${made.stderr}`);
  return fs.readFileSync(path.join(dir, 'fullchain.pem'), 'utf8');
}

export class Nginx {
  /** The HTTPS address everything goes through. */
  readonly url: string;
  /** The plain-HTTP address, which only redirects. */
  readonly httpUrl: string;
  /** The certificate nginx serves, to trust in the test's clients. */
  readonly ca: string;
  readonly accessLog: string;
  readonly errorLog: string;
  private child: Child | null = null;
  private readonly confFile: string;

  constructor(
    readonly dir: string,
    readonly port: number,
    httpPort: number,
    upstreams: number[],
    shippedConfig: string,
  ) {
    this.url = `https://127.0.0.1:${port}`;
    this.httpUrl = `http://127.0.0.1:${httpPort}`;
    this.accessLog = path.join(dir, 'access.log');
    this.errorLog = path.join(dir, 'error.log');
    this.confFile = path.join(dir, 'nginx.conf');
    fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    // Worker processes of a master started as root run as nobody and must reach the temporary folders.
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'tmp'), 0o755);
    this.ca = makeCertificate(path.join(dir, 'tls'));
    fs.chmodSync(path.join(dir, 'tls'), 0o755);
    fs.writeFileSync(this.confFile, renderNginxConfig(shippedConfig, { dir, port, httpPort, upstreams }));
  }

  async start() {
    const bin = nginxBinary();
    const args = ['-p', this.dir, '-c', this.confFile, '-e', this.errorLog];
    const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
    this.child = new Child(
      'nginx',
      bin,
      [...args, '-g', 'daemon off;'],
      {},
      path.join(this.dir, 'nginx.out'),
    );
    await this.child.waitFor('nginx answering', async () => {
      const res = await fetch(`${this.url}/api/health`).catch(() => null);
      return res?.status === 200;
    });
  }

  /** The access log's lines since `offset` (a byte count from a previous call of size()). */
  logSince(offset: number): string {
    const fd = fs.openSync(this.accessLog, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - offset));
      fs.readSync(fd, buf, 0, buf.length, offset);
      return buf.toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The access log's lines since `offset`, read as the JSON they are (deploy/nginx.conf's log_format). */
  linesSince(offset: number): AccessLine[] {
    return this.logSince(offset)
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as AccessLine);
  }

  logSize(): number {
    return fs.existsSync(this.accessLog) ? fs.statSync(this.accessLog).size : 0;
  }

  /** Graceful stop (SIGQUIT: finish the requests in flight, then exit). */
  async stop() {
    await this.child?.stop('SIGQUIT');
  }

  output(): string {
    const read = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
    return `--- nginx error log\n${read(this.errorLog)}\n--- nginx output\n${this.child?.output() ?? ''}`;
  }
}
