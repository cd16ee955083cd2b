import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Where mail goes: an SMTP server, or (the embedded default) .eml files under DATA_DIR/mail. */
export interface MailTransport {
  kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const mailDir = (config: Config) => path.join(config.dataDir, 'mail');

export function createMailTransport(config: Config): MailTransport {
  const from = config.mailFrom;
  // The message id is the outbox row's: a receiving server that sees a message twice can tell.
  const message = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    messageId: `<${mail.id}@investor-portal>`,
  });
  if (config.smtpUrl) {
    // Timeouts well below the job's expiry: a send that hangs fails and is retried, never run twice at once.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      close: () => transport.close(),
    };
  }
  const dir = mailDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      fs.mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
