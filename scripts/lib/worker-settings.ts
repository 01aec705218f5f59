/**
 * The settings docs/product/api.md names that `npm start` passes from its environment to the
 * worker (as wrangler's --var), so `SMTP_URL=... npm start` reaches the worker as it would on
 * Cloudflare. A setting that is not set is not passed (wrangler.toml's [vars] or the code's
 * default applies).
 */
const NAMES = [
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_WEBHOOK_SECRET',
  'VIEW_FLUSH_SECONDS',
  'PUSH_ALLOW_PRIVATE',
  'RATE_LIMITS',
  'FEDERATION_ALLOW_PRIVATE',
  'SITE_ORIGIN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  // The transcriber (docs/product/api-captions.md): any server speaking OpenAI's transcription API.
  'TRANSCRIBE_URL',
  'TRANSCRIBE_API_KEY',
  'TRANSCRIBE_MODEL',
];
const PREFIXES = ['DKIM_'];

export function workerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (NAMES.includes(name) || PREFIXES.some((prefix) => name.startsWith(prefix))) settings[name] = value;
  }
  return settings;
}

/** SMTP_URL with its password left out, for the banner. */
export function smtpUrlForDisplay(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(SMTP_URL is not a URL)';
  }
}
