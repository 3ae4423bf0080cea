/**
 * The one environment reader of both processes (the portal and the reference API):
 * each declares its variables once as a TypeBox object schema (type, range, default,
 * description) and reads them here. Empty values count as unset; `Y`/`N` flags become
 * booleans; a wrong value stops the process with a ConfigError naming the variable.
 */
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

const YES = new Set(['Y', 'YES', 'TRUE', '1']);
const NO = new Set(['N', 'NO', 'FALSE', '0']);

function schemaType(s: TSchema): unknown {
  return (s as { type?: unknown }).type;
}

/** A secret's value never appears in an error message (EnvType.secret). */
function isSecret(s: TSchema): boolean {
  return (s as { secret?: unknown }).secret === true;
}

/** What a property accepts, for the error message (its description, else its type). */
function expectation(s: TSchema): string {
  const desc = (s as { description?: unknown }).description;
  if (typeof desc === 'string') return desc;
  const t = schemaType(s);
  if (t === 'integer') {
    const { minimum, maximum } = s as { minimum?: number; maximum?: number };
    if (minimum !== undefined && maximum !== undefined) return `an integer between ${minimum} and ${maximum}`;
    if (minimum !== undefined) return `an integer ≥ ${minimum}`;
    return 'an integer';
  }
  const anyOf = (s as { anyOf?: TSchema[] }).anyOf;
  if (anyOf) return `one of ${anyOf.map((a) => String((a as { const?: unknown }).const)).join(', ')}`;
  if (t === 'string') {
    const { minLength } = s as { minLength?: number };
    return minLength ? `at least ${minLength} characters` : 'text';
  }
  return String(t);
}

/**
 * Reads the variables the schema declares from `env` and answers them typed, with
 * defaults applied. Throws a ConfigError for the first wrong value.
 */
export function readEnv<T extends TObject>(schema: T, env: Env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const value = env[key]?.trim();
    if (value === undefined || value === '') continue;
    if (schemaType(prop) === 'boolean') {
      const v = value.toUpperCase();
      if (YES.has(v)) raw[key] = true;
      else if (NO.has(v)) raw[key] = false;
      else throw new ConfigError(`${key} must be Y or N, got "${value}"`);
      continue;
    }
    if (schemaType(prop) === 'integer' && !/^-?\d+$/.test(value)) {
      throw new ConfigError(`${key} must be ${expectation(prop)}, got "${value}"`);
    }
    raw[key] = value;
  }
  const converted = Value.Convert(schema, Value.Default(schema, raw));
  if (Value.Check(schema, converted)) return converted as Static<T>;
  for (const error of Value.Errors(schema, converted)) {
    const key = error.instancePath.split('/')[1] ?? '';
    const prop = (schema.properties as Record<string, TSchema>)[key];
    if (!prop) continue;
    const shown = isSecret(prop) ? '(value not shown)' : `got "${String(raw[key] ?? '')}"`;
    throw new ConfigError(`${key} must be ${expectation(prop)}, ${shown}`);
  }
  throw new ConfigError('invalid configuration');
}

const LogLevelSchema = Type.Union(
  [
    Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'),
    Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent'),
  ],
  { default: 'info', description: 'one of fatal, error, warn, info, debug, trace, silent' },
);
export type LogLevel = Static<typeof LogLevelSchema>;

/** Building blocks of the env schemas. */
export const EnvType = {
  int: (def: number, minimum: number, maximum: number, description?: string) =>
    Type.Integer({ default: def, minimum, maximum, ...(description ? { description } : {}) }),
  logLevel: () => LogLevelSchema,
  flag: (def: boolean) => Type.Boolean({ default: def }),
  text: (def: string, description?: string) => Type.String({ default: def, ...(description ? { description } : {}) }),
  optionalText: (description: string, pattern?: string) =>
    Type.Optional(Type.String({ description, ...(pattern ? { pattern } : {}) })),
  /** A secret: checked like text, but a wrong value is never echoed in the error. */
  secret: (description: string, pattern: string) => Type.Optional(Type.String({ description, pattern, secret: true })),
  /** An absolute http(s) URL. */
  url: () => Type.Optional(Type.String({ pattern: '^https?://[^\\s/?#]+', description: 'an absolute http(s) URL' })),
  /** A same-origin path ("/x"), never "//host". */
  path: (def: string) => Type.String({ default: def, pattern: '^/(?![/\\\\])', description: 'a same-origin path' }),
};

/** An http(s) URL as origin + path without a trailing slash (for base URLs). */
export function baseUrl(key: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${key} must be an absolute http(s) URL, got "${value}"`);
  }
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}
