// PostgreSQL refusals by name. Drivers (node-postgres, PGlite) put `code` and `constraint` on their
// error, and Drizzle wraps it in `cause`: walk the chain for the first one with the SQLSTATE asked.

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';

/** The constraint a database error names for an SQLSTATE (falls back to the message), or undefined. */
export function violatedConstraint(err: unknown, sqlState: string): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pgErr.code === sqlState) return String(pgErr.constraint ?? pgErr.message ?? '');
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}
