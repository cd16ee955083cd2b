/**
 * The ceiling of the benchmark (issue 20): a bare `node:http` server answering a small JSON body, run in
 * its own process with plain node. Every throughput ratio of `npm run bench` is measured against it.
 *
 *   node bench/ceiling.mjs [port]      prints "listening" once it accepts connections
 */
import http from 'node:http';

const port = Number(process.argv[2] ?? process.env.PORT ?? 3998);
const body = JSON.stringify({ success: true, data: { status: 'ok' } });

http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.info('listening'));
