/**
 * `npm start`: prepare the local newsroom (pepper, migrations, first admin, demo), build the site,
 * and serve the built worker on workerd at http://127.0.0.1:${PORT:-8787} until Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import { createBuilder } from 'vite';
import { stateDir } from './lib/local-state.ts';
import { projectRoot, quietThisProcess } from './lib/project.ts';
import { ensurePortFree, runScheduledHandler, serveBuild, type ServedSite } from './lib/serve-build.ts';
import { describePreparation, prepareLocal } from './prepare-local.ts';
import { LOCAL_MAIL_FROM, startLocalMailServer, type LocalMailServer } from './lib/local-mail.ts';
import { smtpUrlForDisplay, workerSettingsFromEnv } from './lib/worker-settings.ts';
import { StripeStandIn } from './lib/stripe-stand-in/stripe-stand-in.ts';

function portFromEnv(): number {
  const text = process.env.PORT?.trim() || '8787';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, not "${text}"`);
  return port;
}

/**
 * Ctrl-C (or SIGTERM) stops the server and with it workerd. Prepended: wrangler and miniflare
 * register exit hooks of their own (they dispose workerd and exit at once), and this must run first.
 */
function stopOnSignals(): { serving(server: ServedSite): void; mailing(mail: LocalMailServer): void } {
  let server: ServedSite | undefined;
  let mail: LocalMailServer | undefined;
  let stopCron = () => {};
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`\n${signal}: stopping the newsroom...`);
    stopCron();
    const closed = Promise.all([server?.stop(), mail?.stop().catch(() => undefined)]);
    closed.catch((error: unknown) => console.error(error)).finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.prependListener(signal, stop);
  return {
    mailing: (running) => void (mail = running),
    serving: (running) => {
      server = running;
      stopCron = everyMinute(running.baseUrl);
    },
  };
}

/**
 * wrangler.toml's Cron Trigger ("* * * * *"), locally: at the start of every minute, ask wrangler
 * dev to run the worker's scheduled handler, as Cloudflare would.
 * The same handler, the same job; only the clock that fires it is ours (decision 030).
 */
function everyMinute(baseUrl: string): () => void {
  let timer: NodeJS.Timeout | undefined;
  const fire = async () => {
    try {
      const status = await runScheduledHandler(baseUrl);
      if (status !== 200) console.error(`The minute job failed (${status}); see the worker's log above.`);
    } catch {
      // The server is stopping.
    }
  };
  // Once at start too: what fell due while the server was down (a story, a job whose message died with it) is not kept waiting.
  void fire();
  const next = () => {
    const minute = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    timer = setTimeout(() => {
      void fire();
      next();
    }, minute - Date.now());
    timer.unref();
  };
  next();
  return () => clearTimeout(timer);
}

async function main(): Promise<void> {
  quietThisProcess();
  const port = portFromEnv();
  // Before a minute of preparing and building: a second npm start would only find the port taken then.
  await ensurePortFree(port, 0);
  const started = Date.now();
  const lifecycle = stopOnSignals();

  console.log('Preparing the local database...');
  const report = await prepareLocal();

  console.log('Building the site...');
  // buildApp, as `vite build` does: the client and the worker, plus the config the preview reads.
  await (await createBuilder({ root: projectRoot, logLevel: 'warn' })).buildApp();

  // The settings docs/product/api.md names, from this environment (e.g. SMTP_URL, or VIEW_FLUSH_SECONDS, which the e2e run shortens).
  const vars = workerSettingsFromEnv();
  // Without SMTP_URL, mail goes to a real local mail server whose web page shows it (decision 080).
  let mail: LocalMailServer | undefined;
  if (!vars.SMTP_URL) {
    mail = await startLocalMailServer(stateDir());
    lifecycle.mailing(mail);
    vars.SMTP_URL = mail.smtpUrl;
  }
  // A mail server of your own (SMTP_URL) gets the same default sender, said in the banner: a relay may insist on its own.
  const defaultSender = !vars.MAIL_FROM;
  vars.MAIL_FROM ??= LOCAL_MAIL_FROM;
  // STRIPE_STAND_IN=1 (and no STRIPE_SECRET_KEY): paid membership against the stand-in of Stripe's API on this machine (decision 092).
  let stripe: StripeStandIn | undefined;
  if (process.env.STRIPE_STAND_IN === '1' && !vars.STRIPE_SECRET_KEY) {
    const webhookSecret = `whsec_local_${randomBytes(16).toString('hex')}`;
    stripe = await StripeStandIn.start({ port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111), webhookSecret });
    Object.assign(vars, {
      STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.origin,
    });
  }
  const server = await serveBuild({ port, stateDir: stateDir(), vars, echo: true });
  lifecycle.serving(server);
  stripe?.setWebhookUrl(`${server.baseUrl}/api/stripe/webhook`);

  const url = server.baseUrl;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nThe Newsroom is running at ${url}  (ready in ${seconds}s)`);
  console.log(`  API  ${url}/api/stories?status=published&limit=6`);
  console.log(`  Fediverse  ${url}/.well-known/webfinger?resource=acct:newsroom@${new URL(url).host}`);
  if (mail) console.log(`  Mail ${mail.webUrl}  (the local mail server: every mail the newsroom sends lands here; SMTP ${mail.smtpUrl})`);
  else
    console.log(
      `  Mail sent by SMTP to ${smtpUrlForDisplay(vars.SMTP_URL!)} from ${vars.MAIL_FROM}${defaultSender ? ' (the default: set MAIL_FROM to an address your mail server sends for)' : ''}`,
    );
  if (stripe)
    console.log(
      `  Stripe  the stand-in of Stripe's API at ${stripe.origin} (its Checkout page takes any card; events go to /api/stripe/webhook)`,
    );
  else if (vars.STRIPE_SECRET_KEY) console.log(`  Stripe  ${vars.STRIPE_API_BASE ?? 'api.stripe.com'} (STRIPE_SECRET_KEY is set)`);
  else console.log('  Stripe  not set up: free membership only (STRIPE_SECRET_KEY, or STRIPE_STAND_IN=1 for the local stand-in)');
  console.log(describePreparation(report, url));
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
