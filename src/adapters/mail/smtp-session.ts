import { CRLF } from './mime.ts';
import { isLoopback, type SmtpSettings } from './smtp-url.ts';

/**
 * One SMTP conversation (RFC 5321) over a Workers TCP socket: greeting, EHLO, STARTTLS (RFC 3207),
 * AUTH PLAIN or LOGIN (RFC 4954), then any number of messages, then QUIT. No pipelining: a message
 * costs four round trips, which a batch over one connection makes cheap enough.
 */

const CONNECT_TIMEOUT_MS = 15_000;
const REPLY_TIMEOUT_MS = 30_000;
/** The server may take a while to accept a whole message (scanning it, writing it down). */
const DATA_TIMEOUT_MS = 120_000;

export interface Reply {
  code: number;
  text: string;
}

/** The server cannot be used: refused or lost connection, a timeout, or a refusal of the session itself. */
export class SmtpConnectionError extends Error {}

/** A reply that refuses one message (the session itself carries on after RSET). */
export class SmtpRefusal extends Error {
  constructor(readonly reply: Reply) {
    super(`${reply.code} ${reply.text}`);
  }
  /** 5xx: this message will never be taken; 4xx: try again later. */
  get permanent(): boolean {
    return this.reply.code >= 500;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpConnectionError(`The mail server did not answer ${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => timer !== null && clearTimeout(timer));
}

/** Dot-stuffing (RFC 5321 4.5.2): a line that starts with "." gets another. */
export function dotStuffed(message: string): string {
  return message.replace(/(^|\r\n)\./g, '$1..');
}

const encoder = new TextEncoder();

export class SmtpSession {
  private reader!: ReadableStreamDefaultReader<Uint8Array>;
  private writer!: WritableStreamDefaultWriter<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffered = '';
  private extensions = new Set<string>();
  private authMechanisms = new Set<string>();

  private constructor(
    private socket: Socket,
    private readonly settings: SmtpSettings,
    private readonly ehloName: string,
  ) {
    this.attach();
  }

  /** Connects, greets, secures and signs in; throws SmtpConnectionError when any of it fails. */
  static async open(settings: SmtpSettings, ehloName: string): Promise<SmtpSession> {
    let socket: Socket;
    try {
      // Loaded when mail is sent: the scripts that build the adapters in Node (seeding, the admin command) never send any.
      const { connect } = await import('cloudflare:sockets');
      socket = connect(
        { hostname: settings.host, port: settings.port },
        { secureTransport: settings.implicitTls ? 'on' : 'starttls', allowHalfOpen: false },
      );
      await withTimeout(socket.opened, CONNECT_TIMEOUT_MS, 'the connection');
    } catch (error) {
      throw new SmtpConnectionError(`Cannot reach the mail server at ${settings.host}:${settings.port}: ${(error as Error).message}`);
    }
    const session = new SmtpSession(socket, settings, ehloName);
    try {
      await session.start();
      return session;
    } catch (error) {
      session.abort();
      throw error instanceof SmtpConnectionError ? error : new SmtpConnectionError((error as Error).message);
    }
  }

  private attach(): void {
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
  }

  private async start(): Promise<void> {
    await this.expect(await this.read(), 220, 'greet us');
    await this.ehlo();
    const mustSecure = !this.settings.implicitTls && this.settings.credentials !== null && !isLoopback(this.settings.host);
    if (!this.settings.implicitTls && this.extensions.has('STARTTLS')) {
      await this.expect(await this.command('STARTTLS'), 220, 'start TLS');
      this.reader.releaseLock();
      this.writer.releaseLock();
      this.socket = this.socket.startTls();
      this.attach();
      this.buffered = '';
      await this.ehlo();
    } else if (mustSecure) {
      throw new SmtpConnectionError(
        'The mail server does not offer STARTTLS; the password is not sent in the clear (use smtps:// or a server with TLS)',
      );
    }
    if (this.settings.credentials) await this.authenticate(this.settings.credentials);
  }

  private async ehlo(): Promise<void> {
    const reply = await this.command(`EHLO ${this.ehloName}`);
    await this.expect(reply, 250, 'EHLO');
    const lines = reply.text.split('\n').slice(1);
    this.extensions = new Set(lines.map((line) => line.split(' ')[0]!.toUpperCase()));
    const auth = lines.find((line) => /^AUTH[ =]/i.test(line));
    this.authMechanisms = new Set((auth?.slice(5).split(' ') ?? []).map((name) => name.toUpperCase()));
  }

  private async authenticate({ user, pass }: { user: string; pass: string }): Promise<void> {
    const base64 = (text: string) => {
      let binary = '';
      for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
      return btoa(binary);
    };
    let reply: Reply;
    if (this.authMechanisms.has('PLAIN') || !this.authMechanisms.has('LOGIN')) {
      reply = await this.command(`AUTH PLAIN ${base64(`\u0000${user}\u0000${pass}`)}`);
    } else {
      await this.expect(await this.command('AUTH LOGIN'), 334, 'AUTH LOGIN');
      await this.expect(await this.command(base64(user)), 334, 'the user name');
      reply = await this.command(base64(pass));
    }
    if (reply.code !== 235) throw new SmtpConnectionError(`The mail server refused our sign-in: ${reply.code} ${reply.text}`);
  }

  /**
   * Hands one message over: the envelope (MAIL FROM, RCPT TO) and the data. A refusal of this
   * message throws SmtpRefusal (and the session is reset for the next); a broken session throws
   * SmtpConnectionError.
   */
  async send(envelopeFrom: string, recipient: string, message: string): Promise<void> {
    const step = async (line: string, wanted: number, timeout = REPLY_TIMEOUT_MS) => {
      const reply = await this.command(line, timeout);
      if (reply.code !== wanted) {
        if (reply.code >= 400 && reply.code < 600) {
          await this.command('RSET').catch(() => undefined);
          throw new SmtpRefusal(reply);
        }
        throw new SmtpConnectionError(`Unexpected answer to ${line.split(' ')[0]}: ${reply.code} ${reply.text}`);
      }
    };
    await step(`MAIL FROM:<${envelopeFrom}>`, 250);
    await step(`RCPT TO:<${recipient}>`, 250);
    await step('DATA', 354);
    const data = dotStuffed(message.endsWith(CRLF) ? message : message + CRLF);
    await step(`${data}.`, 250, DATA_TIMEOUT_MS);
  }

  /** Says goodbye and closes; never throws (the messages are already handed over). */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT', 5_000);
    } catch {
      // Closing anyway.
    }
    this.abort();
  }

  abort(): void {
    try {
      this.socket.close().catch(() => undefined);
    } catch {
      // Already closed.
    }
  }

  private async expect(reply: Reply, code: number, what: string): Promise<void> {
    if (reply.code !== code) throw new SmtpConnectionError(`The mail server would not ${what}: ${reply.code} ${reply.text}`);
  }

  private async command(line: string, timeout = REPLY_TIMEOUT_MS): Promise<Reply> {
    try {
      await this.writer.write(encoder.encode(line + CRLF));
    } catch (error) {
      throw new SmtpConnectionError(`Lost the mail server: ${(error as Error).message}`);
    }
    return this.read(timeout);
  }

  /** The next whole reply; multi-line replies ("250-...", then "250 ...") come back as one, lines joined by \n. */
  private async read(timeout = REPLY_TIMEOUT_MS): Promise<Reply> {
    for (;;) {
      const reply = this.takeReply();
      if (reply) return reply;
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await withTimeout(this.reader.read(), timeout, 'in time');
      } catch (error) {
        if (error instanceof SmtpConnectionError) throw error;
        throw new SmtpConnectionError(`Lost the mail server: ${(error as Error).message}`);
      }
      if (chunk.done) throw new SmtpConnectionError('The mail server closed the connection');
      this.buffered += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  private takeReply(): Reply | null {
    const lines: string[] = [];
    let rest = this.buffered;
    for (;;) {
      const end = rest.indexOf('\n');
      if (end === -1) return null;
      const line = rest.slice(0, end).replace(/\r$/, '');
      rest = rest.slice(end + 1);
      const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!match) throw new SmtpConnectionError(`The mail server said something that is not SMTP: ${line.slice(0, 100)}`);
      lines.push(match[3]!);
      if (match[2] !== '-') {
        this.buffered = rest;
        return { code: Number(match[1]), text: lines.join('\n') };
      }
    }
  }
}
