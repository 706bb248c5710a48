// The CLI is built from the registry: every operation with a `cli` command is reachable, with its
// input fields as flags, and flags belong to the command they follow.
import { Command } from 'commander';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { finishProgram } from '../../src/cli/command-tree.js';
import { addOperationCommands } from '../../src/cli/operation-commands.js';
import { buildManifest } from '../../src/cli/manifest-build.js';
import { OPERATIONS } from '../../src/ops/registry.js';

const manifest = await buildManifest();

const build = (): Command => {
  const program = new Command('tm');
  addOperationCommands(program, manifest.ops);
  finishProgram(program);
  return program;
};

const find = (root: Command, words: string[]): Command | undefined =>
  words.reduce<Command | undefined>((c, w) => c?.commands.find((s) => s.name() === w), root);

describe('CLI from the registry', () => {
  const program = build();
  const withCli = OPERATIONS.filter((op) => op.cli);

  it.each(withCli.map((op) => [op.name, op.cli!.command] as const))('%s is the command `tm %s`', (_name, spec) => {
    const words = spec.split(/\s+/).filter((w) => !/^[<[]/.test(w));
    const command = find(program, words);
    expect(command).toBeDefined();
    const flags = command!.options.map((o) => o.long);
    expect(flags).toEqual(expect.arrayContaining(['--json', '--db', '--input']));
    // --as-of only where the date matters: never on orgs and keys administration.
    expect(flags.includes('--as-of')).toBe(!['orgs', 'keys'].includes(words[0]!));
  });

  it('gives a subcommand its own flags, not its parent’s', async () => {
    const r = await execa('node', ['bin/tm.js', 'deadlines', 'rules', '--office', 'US', '--json'], { reject: false });
    expect(r.exitCode).toBe(0);
    const offices = new Set((JSON.parse(r.stdout).data as { office_code: string }[]).map((d) => d.office_code));
    expect([...offices]).toEqual(['US']);
  });

  it('reports an unknown flag as a usage error with exit 2', async () => {
    const r = await execa('node', ['bin/tm.js', 'stats', '--frobnicate'], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("unknown option '--frobnicate'");
  });
});
