import * as v from 'valibot';

// Every variable the process reads, with its embedded default. `.env.example` mirrors this.
const port = v.pipe(v.optional(v.string(), '4321'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65535));

export const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'production'),
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /** Public origin used for canonical URLs and links in e-mails. */
  SITE_URL: v.optional(v.pipe(v.string(), v.url()), 'http://127.0.0.1:4321'),
  /** Where the embedded PGlite database and other runtime state live. */
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data'),
  /** A real PostgreSQL; when unset the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

export type Env = v.InferOutput<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const input = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.output;
}
