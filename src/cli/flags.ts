// Turns an operation's zod input schema into commander options, and parsed options back into the
// operation's input: strings stay strings, numbers are coerced, arrays take commas and repeats.
import type { Command } from 'commander';
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

export const flagSpecs = (input: z.ZodTypeAny, positional: string[], aliases: Record<string, string> = {}): FlagSpec[] => {
  const shape = shapeOf(input) ?? {};
  const flagFor = new Map(Object.entries(aliases).map(([flag, key]) => [key, flag]));
  return Object.entries(shape)
    .filter(([key]) => !positional.includes(key))
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
    if (spec.kind === 'boolean') command.option(`--${spec.flag}`, spec.description);
    else if (spec.kind.endsWith('[]')) command.option(`--${spec.flag} <value>`, `${spec.description} (comma list or repeated)`, collect);
    else if (spec.kind === 'json') command.option(`--${spec.flag} <json>`, `${spec.description} (JSON)`);
    else command.option(`--${spec.flag} <value>`, spec.description);
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
