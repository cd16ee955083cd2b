import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 for the tests: it keeps what it receives, or refuses while told to. */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  /** Messages to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    messages: [],
    refusing: false,
    to: (address) =>
      sink.messages.filter((m) =>
        [m.to].flat().some((t) => t?.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refusing)
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            sink.messages.push(parsed);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
