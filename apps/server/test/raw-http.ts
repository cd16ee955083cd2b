import net from 'node:net';

/**
 * One HTTP/1.1 keep-alive connection on a plain socket, for tests that must know which connection a
 * request went out on and whether the server answered it or closed the connection under it (an
 * http.Agent would hide both by opening new connections).
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  /** Callers waiting for answers, oldest first (requests may be pipelined). */
  private waiting: ((v: RawAnswer | 'closed') => void)[] = [];
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.tryParse();
    });
    const onClose = () => {
      this.closed = true;
      for (const w of this.waiting.splice(0)) w('closed');
    };
    socket.on('close', onClose);
    socket.on('error', onClose);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /**
   * Sends a request and answers its response, or 'closed' if the connection closes first. Requests
   * can be pipelined: call again before the previous answer arrived.
   */
  request(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    if (this.closed) return Promise.resolve('closed' as const);
    const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
    const answer = new Promise<RawAnswer | 'closed'>((resolve) => this.waiting.push(resolve));
    this.socket.write(lines.join('\r\n') + '\r\n\r\n' + (body ?? ''));
    return answer;
  }

  /**
   * Sends the head of a request and the first `firstBytes` of its body now, the rest when asked: a
   * slow client whose request is in flight as long as the test wants.
   */
  requestSlowly(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string,
    firstBytes: number,
  ) {
    const data = Buffer.from(body);
    const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    lines.push(`content-length: ${data.length}`);
    const answer = new Promise<RawAnswer | 'closed'>((resolve) => this.waiting.push(resolve));
    this.socket.write(
      Buffer.concat([Buffer.from(lines.join('\r\n') + '\r\n\r\n'), data.subarray(0, firstBytes)]),
    );
    return {
      finish: () => {
        this.socket.write(data.subarray(firstBytes));
        return answer;
      },
    };
  }

  private tryParse() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting.length) return;
    const [statusLine, ...headerLines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    if (headers['transfer-encoding']) throw new Error('raw-http: chunked answers are not supported');
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    this.waiting.shift()!({ status: Number(statusLine!.split(' ')[1]), headers, body });
    this.tryParse();
  }

  close() {
    this.socket.destroy();
  }
}
