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
  /** Earlier spellings of the flag (`classes` for `class`): they still work, with a deprecation line on stderr. */
  earlier?: string[];
}

/**
 * One flag name per idea across commands (docs/cli.md "One name per concept"): `--office`,
 * `--class`, `--portfolio`, `--trademark`, `--watch`, `--filed-after`/`--filed-before` wherever
 * an office, a Nice class, a portfolio, a mark, a watch or a filing-date bound is asked for.
 */
const COMMON_FLAGS: Record<string, string> = {
  office_code: 'office',
  offices: 'office',
  classes: 'class',
  nice_classes: 'class',
  portfolio_id: 'portfolio',
  trademark_id: 'trademark',
  watch_id: 'watch',
  filing_date_gte: 'filed-after',
  filing_date_lte: 'filed-before',
  filed_from: 'filed-after',
  filed_to: 'filed-before',
};
/** Filled from the global `--as-of`, so no command has a second spelling of it. */
const GLOBAL_KEYS = new Set(['as_of_date']);
/** Flags every list or operation command has for another purpose: never an earlier spelling (`--all` was search's channel preset). */
const RESERVED = new Set(['all', 'csv', 'ndjson', 'output', 'limit', 'cursor', 'json', 'wide', 'db', 'input', 'remote', 'org', 'as-of', 'ics', 'alarms', 'fail-on', 'exit-code', 'help']);

export const flagSpecs = (input: z.ZodTypeAny, positional: string[], aliases: Record<string, string> = {}): FlagSpec[] => {
  const shape = shapeOf(input) ?? {};
  const flagFor = new Map(Object.entries(aliases).map(([flag, key]) => [key, flag]));
  const taken = new Set([...flagFor.values(), ...Object.keys(shape).filter((k) => !flagFor.has(k)).map(kebab)]);
  for (const [key, flag] of Object.entries(COMMON_FLAGS)) if (key in shape && !flagFor.has(key) && !taken.has(flag)) flagFor.set(key, flag);
  const specs = Object.entries(shape)
    .filter(([key]) => !positional.includes(key) && !GLOBAL_KEYS.has(key))
    .map(([key, schema]) => ({ key, flag: flagFor.get(key) ?? kebab(key), kind: kindOf(schema), description: schema.description ?? baseOf(schema).description ?? key }));
  // The key's own kebab name was the flag before a shorter one was chosen: it keeps working, hidden.
  const used = new Set(specs.map((s) => s.flag));
  return specs.map((spec) => {
    const old = kebab(spec.key);
    return old === spec.flag || used.has(old) || RESERVED.has(old) ? spec : { ...spec, earlier: [old] };
  });
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
    for (const old of spec.earlier ?? []) {
      const hidden = new Option(option.flags.replace(`--${spec.flag}`, `--${old}`), `deprecated: use --${spec.flag}`).hideHelp();
      if (spec.kind.endsWith('[]')) hidden.argParser(collect);
      command.addOption(hidden);
    }
  }
};

export const camel = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The value of a flag, or of its earlier spelling, which says on stderr that it is deprecated. */
const flagValue = (spec: FlagSpec, options: Record<string, unknown>, warn: (line: string) => void): unknown => {
  const value = options[camel(spec.flag)];
  for (const old of spec.earlier ?? []) {
    if (options[camel(old)] === undefined) continue;
    warn(`warning: --${old} is deprecated; use --${spec.flag}.`);
    if (value === undefined) return options[camel(old)];
  }
  return value;
};

const stderrLine = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** Builds the raw input object from commander's parsed options; zod validates it afterwards. */
export const inputFromOptions = (specs: FlagSpec[], options: Record<string, unknown>, warn: (line: string) => void = stderrLine): Record<string, unknown> => {
  const input: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = flagValue(spec, options, warn);
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
