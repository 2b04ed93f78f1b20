// The tests make their own database, content, mail and payment stand-ins: a variable of the app's
// environment (every one is listed in .env.example, api/platform/env.test.ts keeps it so) left in the
// shell is never theirs. An operator who loaded a node's environment (deploy/README.md) and then ran
// the tests would otherwise have had the PostgreSQL tiers drop DATABASE_URL's schema, and the browser
// tier's server book its test stays in that database and mail through its SMTP_URL.
// `TEST_DATABASE_URL` names a PostgreSQL the PostgreSQL tiers may reset (scripts/with-postgres.ts).
import { readFileSync } from 'node:fs';

/** Kept from the shell on purpose: how much the servers log, and which site build to serve. */
const KEPT = new Set(['LOG_LEVEL', 'LOG_FORMAT', 'SITE_BUILD_DIR']);

/** Every variable of the app's environment, but those kept. */
export const APP_ENV_KEYS: readonly string[] = [
  ...new Set(
    [...readFileSync(new URL('../.env.example', import.meta.url), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map(
      (m) => m[1]!,
    ),
  ),
].filter((key) => !KEPT.has(key));

/** The app's variables the shell has set (the ones the tests leave out). */
export function strayAppEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return APP_ENV_KEYS.filter((key) => env[key] !== undefined && env[key] !== '');
}

/** The shell's environment without the app's variables (for a test step). */
export function withoutAppEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const key of APP_ENV_KEYS) delete out[key];
  return out;
}

/**
 * Forget the app's variables in this process (the Playwright runner: its web server and its workers
 * inherit its environment, under what the config sets). Returns the ones it had.
 */
export function forgetAppEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const stray = strayAppEnv(env);
  for (const key of APP_ENV_KEYS) delete env[key];
  return stray;
}

/**
 * For a test process (vitest.config.ts): forget the app's variables, but a DATABASE_URL that
 * scripts/with-postgres.ts gave (its throwaway cluster, or TEST_DATABASE_URL) is kept: the
 * PostgreSQL tiers run on it; and NODE_ENV, which Vitest has set. Returns the variables forgotten.
 */
export function forgetAppEnvForTests(env: NodeJS.ProcessEnv = process.env): string[] {
  const given = env.WITH_POSTGRES_DATABASE === '1' ? env.DATABASE_URL : undefined;
  // NODE_ENV is Vitest's by now ('test' unless the shell said otherwise); without it Vite sets 'development'.
  const mode = env.NODE_ENV;
  const stray = forgetAppEnv(env).filter((key) => !(key === 'DATABASE_URL' && given) && key !== 'NODE_ENV');
  if (given) env.DATABASE_URL = given;
  if (mode !== undefined) env.NODE_ENV = mode;
  return stray;
}
