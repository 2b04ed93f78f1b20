import * as v from 'valibot';

// Shared input pieces: form-encoded bodies deliver strings, JSON delivers numbers and booleans.

export const IntLike = v.pipe(
  v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,9}$/))]),
  v.transform((x) => Number(x)),
  v.integer(),
);
export const PositiveInt = v.pipe(IntLike, v.minValue(1), v.maxValue(2_000_000_000));

export const BoolLike = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), v.picklist([0, 1])]),
  v.transform((x) => x === true || x === 'true' || x === '1' || x === 'yes' || x === 1),
);

/** `YYYY-MM-DD`, optionally with a time (space or T) and an offset. */
export const DateOrDateTime = v.pipe(
  v.string(),
  v.trim(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    'date must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss',
  ),
);
export const PlainDateString = v.pipe(v.string(), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'));

export const PromoCode = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(40),
  v.regex(/^[A-Za-z0-9_-]*$/, 'promo code has letters and digits only'),
);

/** A list given as JSON array, or a comma-separated string (form-encoded). */
export const StringList = v.pipe(
  v.union([v.array(v.pipe(v.string(), v.maxLength(64))), v.pipe(v.string(), v.maxLength(2000))]),
  v.transform((x) =>
    Array.isArray(x)
      ? x
      : x
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
  ),
  v.maxLength(20),
);
export const IntList = v.pipe(
  v.union([v.array(IntLike), v.pipe(v.string(), v.maxLength(2000), v.regex(/^[\d,\s-]*$/))]),
  v.transform((x) =>
    Array.isArray(x)
      ? x
      : x
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number),
  ),
  v.maxLength(100),
);
