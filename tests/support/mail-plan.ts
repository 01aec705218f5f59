import { generateKeyPairSync } from 'node:crypto';
import { anyFreePort } from '../../scripts/lib/ports.ts';

/**
 * The local mail servers of the API tests (tests/support/mail-servers.global.ts starts them) and
 * the worker's mail settings that point at them (vitest.config.ts): free ports and a DKIM key,
 * chosen once per run and kept in the environment, so the config and the global setup (loaded as
 * separate modules) agree.
 */
export interface TestMailPlan {
  /** The catcher the worker mails (SMTP_URL), and its HTTP side. */
  smtpPort: number;
  httpPort: number;
  /** A server that wants AUTH LOGIN (user `mailer`, password `p@ss w:rd/1`), and its HTTP side. */
  authPort: number;
  authHttpPort: number;
  /** A server that offers STARTTLS with a certificate nobody trusts, and wants AUTH; and its HTTP side. */
  tlsPort: number;
  tlsHttpPort: number;
  /** A server that greets, then hangs up at the first command. */
  hangUpPort: number;
  dkim: { domain: string; selector: string; privateKey: string; privateKeyPkcs1: string; publicKey: string };
}

const ENV = 'NEWSROOM_TEST_MAIL_PLAN';

export const TEST_SMTP_AUTH = { user: 'mailer', pass: 'p@ss w:rd/1' };
export const TEST_MAIL_FROM = 'newsroom@newsroom.test';

export async function testMailPlan(): Promise<TestMailPlan> {
  const kept = process.env[ENV];
  if (kept) return JSON.parse(kept) as TestMailPlan;
  const { privateKey: key, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const privateKeyPkcs1 = key.export({ type: 'pkcs1', format: 'pem' }).toString();
  const [smtpPort, httpPort, authPort, authHttpPort, tlsPort, tlsHttpPort, hangUpPort] = await Promise.all(
    Array.from({ length: 7 }, anyFreePort),
  );
  const plan: TestMailPlan = {
    smtpPort: smtpPort!,
    httpPort: httpPort!,
    authPort: authPort!,
    authHttpPort: authHttpPort!,
    tlsPort: tlsPort!,
    tlsHttpPort: tlsHttpPort!,
    hangUpPort: hangUpPort!,
    dkim: {
      domain: 'newsroom.test',
      selector: 'test',
      privateKey,
      privateKeyPkcs1,
      publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    },
  };
  process.env[ENV] = JSON.stringify(plan);
  return plan;
}

/** The worker's bindings for the plan: its mail settings, and where tests read what it sent. */
export function testMailBindings(plan: TestMailPlan): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${plan.smtpPort}`,
    MAIL_WEBHOOK_SECRET: 'test-webhook-secret',
    MAIL_FROM: TEST_MAIL_FROM,
    DKIM_DOMAIN: plan.dkim.domain,
    DKIM_SELECTOR: plan.dkim.selector,
    DKIM_PRIVATE_KEY: plan.dkim.privateKey,
    TEST_MAIL_SERVERS: JSON.stringify({
      catcher: `http://127.0.0.1:${plan.httpPort}`,
      auth: { smtpPort: plan.authPort, catcher: `http://127.0.0.1:${plan.authHttpPort}` },
      tls: { smtpPort: plan.tlsPort, catcher: `http://127.0.0.1:${plan.tlsHttpPort}` },
      hangUpPort: plan.hangUpPort,
      dkimPkcs1: plan.dkim.privateKeyPkcs1,
    }),
  };
}
