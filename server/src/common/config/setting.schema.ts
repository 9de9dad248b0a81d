import { z } from 'zod';

/**
 * One environment setting, declared once: its value type (a zod schema that reads the text of the
 * variable), its default as an operator would write it, and the words that the generated
 * `.env.example` and docs/CONFIGURATION.md show. Validation, defaults and both documents come from
 * this declaration alone (`npm run config:docs` writes the documents, `npm run config:check`
 * fails when they drift).
 */
export interface Setting<T = unknown, HasDefault extends boolean = boolean> {
  /** Reads the variable's text (already trimmed; never empty) into its value. */
  schema: z.ZodType<T, string>;
  /** What the setting does, for operators: one or a few sentences. */
  doc: string;
  /** The value that applies when the variable is unset or empty, written as the variable would be. */
  default?: string;
  /** Words for a default that is not one fixed value (computed at start); shown instead of `default`. */
  defaultNote?: string;
  /** A sample value for a setting without a default, shown commented out in `.env.example`. */
  example?: string;
  /** What the boot check says of a bad value; it starts with the setting's name. */
  message: string;
  /** Holds a secret: the documents suggest NAME_FILE for it. */
  secret?: boolean;
  /** Only for the type: whether a value always results. */
  readonly hasDefault?: HasDefault;
}

type Options = Omit<Setting, 'schema' | 'hasDefault'>;

export function setting<T>(schema: z.ZodType<T, string>, options: Options & { default: string }): Setting<T, true>;
export function setting<T>(schema: z.ZodType<T, string>, options: Options): Setting<T, false>;
export function setting<T>(schema: z.ZodType<T, string>, options: Options): Setting<T> {
  return { schema, ...options };
}

/** The settings of one module, under the heading the documents give them. */
export interface SettingGroup<S extends Record<string, Setting> = Record<string, Setting>> {
  /** The module that reads them (a folder of server/src). */
  module: string;
  title: string;
  /** A few words on the group, for the reference. */
  intro?: string;
  settings: S;
}

export function defineSettings<S extends Record<string, Setting>>(group: SettingGroup<S>): SettingGroup<S> {
  return group;
}

/** The values of a group: a setting with a default always has one, the others may be undefined. */
export type SettingValues<S extends Record<string, Setting>> = {
  [K in keyof S]: S[K] extends Setting<infer T, true> ? T : S[K] extends Setting<infer T, boolean> ? T | undefined : never;
};

/**
 * The group's values from the environment: unset and empty variables take the default. Each bad
 * value adds its setting's message to `problems`.
 */
export function readGroup<S extends Record<string, Setting>>(
  group: SettingGroup<S>,
  env: Record<string, string | undefined>,
  problems: string[],
): SettingValues<S> {
  const values: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(group.settings)) {
    const raw = env[name]?.trim() || declared.default;
    if (raw === undefined) continue;
    const parsed = declared.schema.safeParse(raw);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(declared.message);
  }
  return values as SettingValues<S>;
}

// ---- value types: each reads the variable's text ----------------------------------------------

/** A whole number from min to max. */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^[+-]?\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** true or false. */
export const trueOrFalse = () => z.enum(['true', 'false']).transform((value) => value === 'true');

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const text = (minLength = 1) => z.string().min(minLength);

/** An absolute URL with one of the given schemes (no dots needed in the host: `http://localhost`). */
export const urlWith = (...schemes: string[]) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return schemes.includes(url.protocol.slice(0, -1)) && url.hostname !== '';
    } catch {
      return false;
    }
  });

export const httpUrl = () => urlWith('http', 'https');

/** A value that a parser of ours reads; the parser's undefined means malformed. */
export const parsedBy = <T>(parse: (value: string) => T | undefined) =>
  z.string().transform((value, ctx) => {
    const result = parse(value);
    if (result === undefined) {
      ctx.addIssue({ code: 'custom', message: 'malformed' });
      return z.NEVER;
    }
    return result;
  });
