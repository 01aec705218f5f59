import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MailDev } from 'maildev';
import { portIsFree } from './ports.ts';

/**
 * `npm start` without SMTP_URL: a real local mail server (MailDev, decision 080) takes every mail
 * the newsroom sends over SMTP, and its web page shows them, so a newcomer reads the sign-in link
 * or the newsletter they just sent. The mail is kept in the state directory, so it survives a
 * restart like the rest of the local data.
 */

/** The sender npm start gives the worker when it runs the local mail server and MAIL_FROM is not set. */
export const LOCAL_MAIL_FROM = 'newsroom@newsroom.localhost';

export interface LocalMailServer {
  smtpUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

async function firstFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 50; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port from ${from} to ${from + 49} for the local mail server`);
}

export async function startLocalMailServer(stateDir: string, env: NodeJS.ProcessEnv = process.env): Promise<LocalMailServer> {
  const smtp = await firstFreePort(Number(env.MAIL_DEV_SMTP_PORT ?? 1025));
  const web = await firstFreePort(Number(env.MAIL_DEV_PORT ?? 1080));
  const mailDirectory = join(stateDir, 'mail');
  mkdirSync(mailDirectory, { recursive: true });
  const server = new MailDev({ smtp, web, ip: '127.0.0.1', webIp: '127.0.0.1', mailDirectory, silent: true });
  await server.start();
  return { smtpUrl: `smtp://127.0.0.1:${smtp}`, webUrl: `http://127.0.0.1:${web}`, stop: () => server.stop() };
}
