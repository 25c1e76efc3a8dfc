// Outgoing mail over SMTP with nodemailer: the gateway's SendMail for a relay (or, in tests, a loopback server).
import nodemailer from 'nodemailer';
import type { OutgoingMail, SendMail } from './gateway.js';

export interface SmtpRelay {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the relay offers it. */
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** Never upgrade with STARTTLS (a loopback relay in tests). */
  ignoreTLS?: boolean;
}

export function smtpSender(relay: SmtpRelay): { send: SendMail; close: () => void } {
  const transport = nodemailer.createTransport({
    host: relay.host, port: relay.port, secure: relay.secure ?? false,
    ...(relay.auth ? { auth: relay.auth } : {}),
    ...(relay.ignoreTLS ? { ignoreTLS: true } : {}),
    pool: true, maxConnections: 2,
  });
  const send: SendMail = async (mail: OutgoingMail) => {
    await transport.sendMail({
      from: mail.from, to: mail.to, subject: mail.subject, text: mail.text,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
      ...(mail.references ? { references: mail.references } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: 'text/plain; charset=utf-8' })) } : {}),
    });
  };
  return { send, close: () => transport.close() };
}
