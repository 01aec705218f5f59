import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { ParsedMail } from './parsed-mail.ts';

export type { ParsedMail };

/**
 * A real local mail server for tests and benchmarks (decision 080): smtp-server takes the mail
 * as any relay would (EHLO, optional AUTH and STARTTLS, DATA), keeps every message whole, and a
 * small HTTP side answers with each one read by an independent parser (mailparser) and its DKIM
 * signature checked by another (mailauth) against the public keys it was given.
 *
 * Recipients whose address starts with `bounce-` are refused for good (550), `busy-` for now (451).
 *
 * HTTP: GET /messages?to=ADDRESS (parsed, oldest first), GET /messages/ID/raw, GET /counts
 * (messages per recipient), DELETE /messages.
 */

export interface CaughtMail {
  id: number;
  receivedAt: string;
  /** Whether the session was under TLS, and who signed in (null: nobody). */
  secure: boolean;
  user: string | null;
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

export interface MailCatcherOptions {
  host?: string;
  smtpPort?: number;
  httpPort?: number;
  /** Require AUTH with these credentials (and offer only these mechanisms, default PLAIN and LOGIN). */
  auth?: { user: string; pass: string; methods?: ('PLAIN' | 'LOGIN')[] };
  /** Offer STARTTLS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  /** DKIM public keys the verifier knows: `selector._domainkey.domain` -> base64 SubjectPublicKeyInfo. */
  dkimKeys?: Record<string, string>;
  /** Answer each DATA after this long (a slow relay). */
  dataDelayMs?: number;
}

export interface MailCatcher {
  smtpPort: number;
  httpUrl: string;
  messages: CaughtMail[];
  /** Sign-in attempts, and whether each came under TLS. */
  authAttempts: { user: string; secure: boolean }[];
  /** SMTP connections taken since the start (or the last clear()). */
  readonly connections: number;
  /** Messages accepted per recipient address. */
  counts(): Map<string, number>;
  clear(): void;
  close(): Promise<void>;
}

function listen(server: Server | SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const net = (server as SMTPServer).server ?? (server as Server);
    net.once('error', reject);
    server.listen(port, host, () => resolve((net.address() as AddressInfo).port));
  });
}

export async function parseCaught(mail: CaughtMail, dkimKeys: Record<string, string> = {}): Promise<ParsedMail> {
  const parsed = await simpleParser(mail.raw, { skipTextToHtml: true });
  const headers: Record<string, string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n(?=[ \t])/g, '')
      .trim();
    (headers[key.toLowerCase()] ??= []).push(value);
  }
  const addresses = (field: typeof parsed.from | typeof parsed.to) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
      group.value.map((entry) => ({ address: entry.address ?? '', name: entry.name })),
    );
  const verified = await dkimVerify(mail.raw, {
    resolver: async (name: string) => {
      const key = dkimKeys[name];
      if (!key) throw Object.assign(new Error(`no TXT for ${name}`), { code: 'ENOTFOUND' });
      return [[`v=DKIM1; k=rsa; p=${key}`]];
    },
  });
  const contentTypes = [...mail.raw.toString('latin1').matchAll(/^Content-Type:\s*([^;\r\n]+)/gim)].map((match) =>
    match[1]!.trim().toLowerCase(),
  );
  return {
    id: mail.id,
    receivedAt: mail.receivedAt,
    secure: mail.secure,
    user: mail.user,
    envelope: mail.envelope,
    headers,
    subject: parsed.subject ?? null,
    from: addresses(parsed.from),
    to: addresses(parsed.to),
    messageId: parsed.messageId ?? null,
    date: parsed.date?.toISOString() ?? null,
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    contentTypes,
    dkim: verified.results[0]?.status.result ?? 'none',
    size: mail.raw.length,
  };
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const messages: CaughtMail[] = [];
  const authAttempts: { user: string; secure: boolean }[] = [];
  let nextId = 1;
  let connections = 0;
  const auth = options.auth;
  const smtpOptions: SMTPServerOptions = {
    name: 'mail-catcher.test',
    banner: 'mail catcher',
    size: 25 * 1024 * 1024,
    logger: false,
    authOptional: !auth,
    authMethods: auth?.methods ?? ['PLAIN', 'LOGIN'],
    disabledCommands: options.tls ? [] : ['STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(session, connection, callback) {
      authAttempts.push({ user: session.username ?? '', secure: connection.secure });
      if (auth && session.username === auth.user && session.password === auth.pass) return callback(null, { user: session.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const local = address.address.toLowerCase();
      if (local.startsWith('bounce-')) return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      if (local.startsWith('busy-')) return callback(Object.assign(new Error('4.3.0 Mailbox busy, try later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const done = () => {
          messages.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : null,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            },
            raw: Buffer.concat(chunks),
          });
          callback();
        };
        if (options.dataDelayMs) setTimeout(done, options.dataDelayMs);
        else done();
      });
    },
  };
  const smtp = new SMTPServer(smtpOptions);
  smtp.on('error', () => undefined);
  const smtpPort = await listen(smtp, options.smtpPort ?? 0, host);

  const counts = () => {
    const byRecipient = new Map<string, number>();
    for (const message of messages) for (const to of message.envelope.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
    return byRecipient;
  };
  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    void (async () => {
      if (req.method === 'DELETE' && url.pathname === '/messages') {
        messages.length = 0;
        return send(res, 204, '');
      }
      if (url.pathname === '/counts') return send(res, 200, Object.fromEntries(counts()));
      if (url.pathname === '/auth-attempts') return send(res, 200, authAttempts);
      const raw = /^\/messages\/(\d+)\/raw$/.exec(url.pathname);
      if (raw) {
        const message = messages.find((candidate) => candidate.id === Number(raw[1]));
        return message ? send(res, 200, message.raw, 'message/rfc822') : send(res, 404, { error: 'no such message' });
      }
      if (url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const picked = to ? messages.filter((message) => message.envelope.to.includes(to)) : messages;
        return send(res, 200, await Promise.all(picked.map((message) => parseCaught(message, options.dkimKeys))));
      }
      send(res, 404, { error: 'not found' });
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  const httpPort = await listen(http, options.httpPort ?? 0, host);

  return {
    smtpPort,
    httpUrl: `http://${host}:${httpPort}`,
    messages,
    authAttempts,
    get connections() {
      return connections;
    },
    counts,
    clear: () => {
      messages.length = 0;
      connections = 0;
    },
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
