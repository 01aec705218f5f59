/**
 * Gets the local newsroom ready to serve (used by `npm start`, `npm run dev` and the e2e run):
 * `.dev.vars` with a PASSWORD_PEPPER and a TWO_FACTOR_KEY (once each), migrations on the local D1, the first admin when
 * there is no active admin, and the demo newsroom on an empty database (unless SEED_DEMO=0).
 * Run it before `vite build`: the build copies `.dev.vars` next to the built worker.
 */
import { relative } from 'node:path';
import { AdminInputError, ensureFirstAdmin, generatePassword, type FirstAdminOutcome } from './lib/admin-account.ts';
import { ensureDevVars } from './lib/dev-vars.ts';
import { applyLocalMigrations, withLocalDeps } from './lib/local-platform.ts';
import { stateDir } from './lib/local-state.ts';
import { isMainModule, projectRoot } from './lib/project.ts';
import { seedDemoNewsroom, type DemoSeedOutcome } from './seed/seed-demo-newsroom.ts';
import { readDemoPicture } from './seed/demo-pictures.ts';

export interface DemoReport {
  outcome: DemoSeedOutcome;
  password: string;
  passwordGenerated: boolean;
}

export interface PrepareReport {
  stateDir: string;
  /** The local secrets `.dev.vars` was given now (none when it had them all). */
  devVarsAdded: string[];
  admin: FirstAdminOutcome;
  /** null when SEED_DEMO turned the demo off. */
  demo: DemoReport | null;
}

const ENV_NAMES: Record<string, string> = {
  email: 'ADMIN_EMAIL',
  password: 'ADMIN_PASSWORD',
  username: 'ADMIN_USERNAME',
  firstName: 'ADMIN_NAME',
  lastName: 'ADMIN_NAME',
};

function demoWanted(env: NodeJS.ProcessEnv): boolean {
  return !/^(0|false|no|off)$/i.test(env.SEED_DEMO?.trim() ?? '');
}

function demoPassword(env: NodeJS.ProcessEnv): { password: string; generated: boolean } {
  const given = env.DEMO_PASSWORD;
  if (!given) return { password: generatePassword(), generated: true };
  if (given.length < 6) throw new Error('DEMO_PASSWORD must be at least 6 characters');
  return { password: given, generated: false };
}

export async function prepareLocal(env: NodeJS.ProcessEnv = process.env): Promise<PrepareReport> {
  const dir = stateDir(env);
  const devVarsAdded = ensureDevVars();
  await applyLocalMigrations(dir);
  const demoCredentials = demoWanted(env) ? demoPassword(env) : null;
  return withLocalDeps(async (deps) => {
    let admin: FirstAdminOutcome;
    try {
      admin = await ensureFirstAdmin(deps, {
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        username: env.ADMIN_USERNAME,
        name: env.ADMIN_NAME,
      });
    } catch (error) {
      if (!(error instanceof AdminInputError)) throw error;
      const lines = Object.entries(error.fields).map(([field, message]) => `  ${ENV_NAMES[field] ?? field}: ${message}`);
      throw new Error(`Cannot create the first admin:\n${lines.join('\n')}`, { cause: error });
    }
    const demo = demoCredentials && {
      outcome: await seedDemoNewsroom(deps, demoCredentials.password, readDemoPicture),
      password: demoCredentials.password,
      passwordGenerated: demoCredentials.generated,
    };
    return { stateDir: dir, devVarsAdded, admin, demo };
  }, dir);
}

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What a person needs to know after preparing: new credentials (shown once), the demo, where data lives. */
export function describePreparation(report: PrepareReport, siteUrl?: string): string {
  const lines: string[] = [];
  if (report.devVarsAdded.length > 0) {
    lines.push(
      `Wrote a random ${listed(report.devVarsAdded)} to .dev.vars (keep it: local password hashes, sign-in secrets and alert subscriptions depend on it).`,
    );
  }
  const shownDir = relative(projectRoot, report.stateDir);
  lines.push(`Local data (D1, R2): ${shownDir.startsWith('..') ? report.stateDir : shownDir}`);

  if (report.admin.kind === 'created') {
    const { credentials } = report.admin;
    lines.push(
      '',
      credentials.passwordGenerated ? 'First admin created. Save this password now: it is shown only once.' : 'First admin created.',
    );
    lines.push(`  email     ${credentials.email}`, `  username  ${credentials.username}`);
    lines.push(
      credentials.firstName && credentials.lastName
        ? `  name      ${credentials.firstName} ${credentials.lastName} (stories are signed with it)`
        : `  name      none yet: stories are signed "By ${credentials.username}" until you add your name in your profile (or start with ADMIN_NAME="Alex Chief")`,
    );
    lines.push(`  password  ${credentials.passwordGenerated ? credentials.password : '(the one in ADMIN_PASSWORD)'}`);
    if (siteUrl) lines.push(`  sign in   ${siteUrl}/login`);
  } else {
    lines.push(
      `Admin: ${report.admin.activeAdmins} active admin account(s); reset one with npm run admin -- --email <email> --password <password>`,
    );
  }

  if (!report.demo) lines.push('Demo newsroom: off (SEED_DEMO=0).');
  else if (report.demo.outcome.kind === 'skipped') lines.push(`Demo newsroom: not seeded (${report.demo.outcome.reason}).`);
  else {
    const { beats, reporters, stories } = report.demo.outcome;
    const published = stories.filter((story) => story.status === 'published').length;
    lines.push(
      '',
      `Demo newsroom seeded: ${beats.length} beats, ${reporters.length} reporters, ${stories.length} stories (${published} published, ${stories.length - published} not).`,
    );
    lines.push(`  reporters ${reporters.map((user) => user.username).join(', ')}`);
    lines.push(`  newsletter ${report.demo.outcome.newsletter.name} (readers subscribe on the home page)`);
    lines.push(
      `  password  ${report.demo.passwordGenerated ? `${report.demo.password}  (all of them; shown only once)` : '(the one in DEMO_PASSWORD)'}`,
    );
  }
  return lines.join('\n');
}

if (isMainModule(import.meta.url)) {
  try {
    console.log(describePreparation(await prepareLocal()));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
