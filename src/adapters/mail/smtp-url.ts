/**
 * SMTP_URL (docs/product/api.md): `smtp://user:pass@host:port` (STARTTLS when the server offers it,
 * required before a password is sent to any host but this machine) or `smtps://user:pass@host:port`
 * (TLS from the first byte). User and password are URL-encoded; the port defaults to 587 and 465.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (smtps). */
  implicitTls: boolean;
  credentials: { user: string; pass: string } | null;
}

export class SmtpUrlError extends Error {}

export function parseSmtpUrl(text: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new SmtpUrlError('SMTP_URL is not a URL (smtp://user:pass@host:port or smtps://...)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new SmtpUrlError('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new SmtpUrlError('SMTP_URL names no host');
  const implicitTls = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : implicitTls ? 465 : 587;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    implicitTls,
    credentials: user ? { user, pass: decodeURIComponent(url.password) } : null,
  };
}

/** This machine: the one place a password may travel without TLS (a local relay or the local mail server). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
