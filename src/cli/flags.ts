// Turns an operation's zod input schema into commander options, and parsed options back into the
// operation's input: strings stay strings, numbers are coerced, arrays take commas and repeats.
import { Option, type Command } from 'commander';
import type { z } from 'zod';
import { baseOf, shapeOf } from '../ops/input.js';

type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'number[]' | 'json';

interface Def {
  type: string;
  element?: z.ZodTypeAny;
  options?: z.ZodTypeAny[];
}

const defOf = (s: z.ZodTypeAny): Def => (baseOf(s) as unknown as { def: Def }).def;

const kindOf = (schema: z.ZodTypeAny): Kind => {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return 'string';
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const element = d.element ? defOf(d.element).type : 'string';
      if (element === 'number') return 'number[]';
      return element === 'object' ? 'json' : 'string[]';
    }
    case 'union': {
      const kinds = (d.options ?? []).map(kindOf);
      return kinds.find((k) => k.endsWith('[]')) ?? kinds[0] ?? 'string';
    }
    default:
      return 'json';
  }
};

export const kebab = (key: string): string => key.replace(/_/g, '-');

export interface FlagSpec {
  key: string;
  flag: string;
  kind: Kind;
  description: string;
}

/** One flag name per idea across commands: `--office` wherever an office code is asked for. */
const COMMON_FLAGS: Record<string, string> = { office_code: 'office', offices: 'office' };
/** Filled from the global `--as-of`, so no command has a second spelling of it. */
const GLOBAL_KEYS = new Set(['as_of_date']);

export const flagSpecs = (input: z.ZodTypeAny, positional: string[], aliases: Record<string, string> = {}): FlagSpec[] => {
  const shape = shapeOf(input) ?? {};
  const flagFor = new Map(Object.entries(aliases).map(([flag, key]) => [key, flag]));
  const taken = new Set([...flagFor.values(), ...Object.keys(shape).filter((k) => !flagFor.has(k)).map(kebab)]);
  for (const [key, flag] of Object.entries(COMMON_FLAGS)) if (key in shape && !flagFor.has(key) && !taken.has(flag)) flagFor.set(key, flag);
  return Object.entries(shape)
    .filter(([key]) => !positional.includes(key) && !GLOBAL_KEYS.has(key))
    .map(([key, schema]) => ({
      key,
      flag: flagFor.get(key) ?? kebab(key),
      kind: kindOf(schema),
      description: schema.description ?? baseOf(schema).description ?? key,
    }));
};

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export const addFlags = (command: Command, specs: FlagSpec[]): void => {
  for (const spec of specs) {
    const option =
      spec.kind === 'boolean'
        ? new Option(`--${spec.flag}`, spec.description)
        : spec.kind.endsWith('[]')
          ? new Option(`--${spec.flag} <value>`, `${spec.description} (comma list or repeated)`).argParser(collect)
          : spec.kind === 'json'
            ? new Option(`--${spec.flag} <json>`, `${spec.description} (JSON)`)
            : new Option(`--${spec.flag} <value>`, spec.description);
    // Deprecated parameters keep working until their sunset, but are not offered in --help.
    if (/^deprecated\b/i.test(spec.description)) option.hideHelp();
    command.addOption(option);
  }
};

const camel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Builds the raw input object from commander's parsed options; zod validates it afterwards. */
export const inputFromOptions = (specs: FlagSpec[], options: Record<string, unknown>): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = options[camel(spec.flag)];
    if (value === undefined) continue;
    switch (spec.kind) {
      case 'number':
        input[spec.key] = Number(value);
        break;
      case 'string[]':
        input[spec.key] = (value as string[]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
        break;
      case 'number[]':
        input[spec.key] = (value as string[]).flatMap((v) => v.split(',')).filter(Boolean).map(Number);
        break;
      case 'json':
        input[spec.key] = parseJsonFlag(value as string);
        break;
      default:
        input[spec.key] = value;
    }
  }
  return input;
};

/** Unparseable JSON is passed on as text, so zod reports it against the flag's own name. */
const parseJsonFlag = (value: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
