import { readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { startMailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { TEST_SMTP_AUTH, testMailPlan } from './mail-plan.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The API tests' local mail servers (tests/support/mail-plan.ts), up for the whole run. */
export default async function setup(): Promise<() => Promise<void>> {
  const plan = await testMailPlan();
  const dkimKeys = { [`${plan.dkim.selector}._domainkey.${plan.dkim.domain}`]: plan.dkim.publicKey };
  const catchers = await Promise.all([
    startMailCatcher({ smtpPort: plan.smtpPort, httpPort: plan.httpPort, dkimKeys }),
    startMailCatcher({ smtpPort: plan.authPort, httpPort: plan.authHttpPort, auth: { ...TEST_SMTP_AUTH, methods: ['LOGIN'] }, dkimKeys }),
    startMailCatcher({
      smtpPort: plan.tlsPort,
      httpPort: plan.tlsHttpPort,
      auth: TEST_SMTP_AUTH,
      tls: { key: fixture('smtp-tls-key.pem'), cert: fixture('smtp-tls-cert.pem') },
    }),
  ]);
  const sockets = new Set<Socket>();
  const hangUp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write('220 hang-up.test ESMTP\r\n');
    socket.once('data', () => socket.destroy());
  });
  await new Promise<void>((resolve) => hangUp.listen(plan.hangUpPort, '127.0.0.1', resolve));
  return async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all([...catchers.map((catcher) => catcher.close()), new Promise<void>((resolve) => hangUp.close(() => resolve()))]);
  };
}
