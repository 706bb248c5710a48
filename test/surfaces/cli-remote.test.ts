// The CLI for a hosted organization, over a real `tm serve`: with --remote (or TM_URL) and
// TM_API_KEY a command acts as the key's organization and gives the JSON, table and exit code a
// local run gives; on the machine holding the store, --org acts for an organization locally.
import { execa } from 'execa';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServe, tmCli, type RunningServe } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-remote-'));
const db = storeLocation(dir);
const local = tmCli({ TM_DB: db, TM_ALLOW_PRIVATE_WEBHOOKS: '1' });
let serve: RunningServe;
let org: string;
let key: string;
let remote: ReturnType<typeof tmCli>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CLI JSON is compared as a whole
const json = (stdout: string): any => JSON.parse(stdout);
/** The request id and the cursor (it holds its issue time) differ between any two calls; everything else must match. */
const stable = (stdout: string): unknown =>
  JSON.parse(stdout.replace(/"request_id": "[^"]*"/g, '"request_id": null').replace(/"cursor": "[^"]*"/g, '"cursor": "…"'));

beforeAll(async () => {
  expect((await local('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml')).exitCode).toBe(0);
  org = json((await local('orgs', 'create', 'Hosted Co', '--json')).stdout).id;
  key = json((await local('keys', 'create', '--org', org, '--scopes', 'trademarks:read,events:read,portfolios:manage', '--json')).stdout).secret;
  serve = await startServe({ TM_DB: db });
  // No TM_DB: a remote command must not need (or touch) a local store.
  remote = tmCli({ TM_URL: serve.url, TM_API_KEY: key, TM_HOME: join(dir, 'elsewhere') });
});
afterAll(async () => {
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('--org on the machine holding the store', () => {
  it("acts for the organization: its webhook is created and listed there, not for the local user", async () => {
    const created = await local('webhooks', 'create', '--org', org, '--url', 'https://hooks.example.com/tm', '--event', 'alert.created', '--json');
    expect(created.exitCode).toBe(0);
    const id = json(created.stdout).id as string;
    expect(json((await local('webhooks', 'list', '--org', org, '--json')).stdout).data.map((w: { id: string }) => w.id)).toEqual([id]);
    expect(json((await local('webhooks', 'list', '--json')).stdout).data).toEqual([]);
  });

  it('refuses an unknown organization with not_found (exit 3)', async () => {
    const r = await local('webhooks', 'list', '--org', 'org_missing');
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('No organization org_missing.');
  });
});

describe('the CLI against tm serve', () => {
  it('lists the organization’s webhooks with the JSON --org gives locally', async () => {
    const [here, there] = await Promise.all([local('webhooks', 'list', '--org', org, '--json'), remote('webhooks', 'list', '--json')]);
    expect(there.exitCode).toBe(0);
    expect(json(there.stdout).data).toHaveLength(1);
    expect(stable(there.stdout)).toEqual(stable(here.stdout));
  });

  it('searches and shows with the same JSON as a local run, with --remote as well as TM_URL', async () => {
    const here = await local('search', 'CUTEX', '--limit', '3', '--json');
    const there = await tmCli({ TM_API_KEY: key, TM_HOME: join(dir, 'elsewhere') })('search', 'CUTEX', '--limit', '3', '--json', '--remote', serve.url);
    expect(there.exitCode).toBe(0);
    expect(stable(there.stdout)).toEqual(stable(here.stdout));
    const id = json(here.stdout).data[0].id as string;
    const [shownHere, shownThere] = await Promise.all([local('show', id, '--json'), remote('show', id, '--json')]);
    expect(stable(shownThere.stdout)).toEqual(stable(shownHere.stdout));
  });

  it('writes every row with --csv, following the server’s pages', async () => {
    const [here, there] = await Promise.all([local('search', 'CUTEX', '--csv'), remote('search', 'CUTEX', '--csv')]);
    expect(there.exitCode).toBe(0);
    expect(there.stdout.split('\n').length).toBeGreaterThan(2);
    expect(there.stdout).toBe(here.stdout);
  });

  it('prints the same table on a terminal', async () => {
    const onTty = (env: Record<string, string>, ...args: string[]) =>
      execa('script', ['-qec', `stty cols 100 rows 50; node bin/tm.js ${args.join(' ')}`, '/dev/null'], { env, reject: false });
    const here = await onTty({ TM_DB: db }, 'webhooks', 'list', '--wide', '--org', org);
    const there = await onTty({ TM_URL: serve.url, TM_API_KEY: key, TM_HOME: join(dir, 'elsewhere') }, 'webhooks', 'list', '--wide');
    expect(here.stdout).toContain('hooks.example.com');
    expect(there.stdout).toBe(here.stdout);
  });

  it('exits with the code and message a local run gives: not found 3, bad input 2', async () => {
    const [here, there] = await Promise.all([local('show', 'tm_0000000000000000dead'), remote('show', 'tm_0000000000000000dead')]);
    expect(there.exitCode).toBe(3);
    expect(there.stderr).toBe(here.stderr);
    const bad = await remote('search', 'CUTEX', '--limit', '0');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe((await local('search', 'CUTEX', '--limit', '0')).stderr);
  });

  it('answers a key the server refuses with unauthorized (exit 4), and a scope it lacks with forbidden', async () => {
    const wrong = await tmCli({ TM_URL: serve.url, TM_API_KEY: 'tmk_live_notarealkeyatall0000000000' })('stats', '--json');
    expect(wrong.exitCode).toBe(4);
    expect(json(wrong.stdout).error.type).toBe('unauthorized');
    const readOnly = json((await local('keys', 'create', '--org', org, '--scopes', 'trademarks:read', '--json')).stdout).secret as string;
    const hooks = await tmCli({ TM_URL: serve.url, TM_API_KEY: readOnly })('webhooks', 'list', '--json');
    expect(hooks.exitCode).toBe(4);
    expect(json(hooks.stdout).error.type).toBe('forbidden');
  });

  it('needs TM_API_KEY, refuses --org, and says when the server cannot be reached', async () => {
    const noKey = await tmCli({ TM_URL: serve.url })('stats');
    expect(noKey.exitCode).toBe(4);
    expect(noKey.stderr).toContain('set TM_API_KEY');
    const withOrg = await remote('webhooks', 'list', '--org', org);
    expect(withOrg.exitCode).toBe(2);
    expect(withOrg.stderr).toContain('the API key decides the organization');
    const down = await tmCli({ TM_URL: 'http://127.0.0.1:9', TM_API_KEY: key })('stats');
    expect(down.exitCode).toBe(1);
    expect(down.stderr).toContain('cannot reach http://127.0.0.1:9');
  });

  it('keeps store administration local, and refuses an export made from the local store', async () => {
    const orgs = await tmCli({ TM_URL: serve.url, TM_API_KEY: key, TM_DB: db })('orgs', 'list', '--json');
    expect(orgs.exitCode).toBe(0);
    expect(JSON.stringify(json(orgs.stdout))).toContain(org);
    const ics = await remote('deadlines', '--ics');
    expect(ics.exitCode).toBe(2);
    expect(ics.stderr).toContain('not available with --remote');
  });
});
