// The local administration operations behind `tm orgs` and `tm keys`, run as the CLI runs them
// (no organization in the context), and the account operations' refusal without a credential.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticateApiKey, pruneAccountData } from '../../src/auth/index.js';
import { claimIdempotencyKey } from '../../src/auth/idempotency.js';
import { fixedClock } from '../../src/core/clock.js';
import { TmError } from '../../src/errors.js';
import { createOrganization } from '../../src/ops/account/create-organization.js';
import { getUsage } from '../../src/ops/get-usage.js';
import { issueApiKey } from '../../src/ops/issue-api-key.js';
import { listApiKeysLocal } from '../../src/ops/list-api-keys-local.js';
import { listOrganizations } from '../../src/ops/account/list-organizations.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { revokeApiKeyLocal } from '../../src/ops/revoke-api-key-local.js';
import { setOrganizationLimits } from '../../src/ops/account/set-organization-limits.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => t.cleanup());

const fails = async (p: Promise<unknown>): Promise<TmError> => {
  try {
    await p;
  } catch (err) {
    return err as TmError;
  }
  throw new Error('expected a failure');
};

describe('tm orgs / tm keys operations', () => {
  it('creates an organization and keys that authenticate; revoking ends them', async () => {
    const org = await createOrganization.run(t.ctx, createOrganization.input.parse({ name: '  Acme Legal ' }));
    expect(org).toMatchObject({ object: 'organization', name: 'Acme Legal' });
    expect((await listOrganizations.run(t.ctx, {})).data.map((o) => o.id)).toEqual([org.id]);

    const live = await issueApiKey.run(t.ctx, issueApiKey.input.parse({ org: org.id, scopes: ['trademarks:read'], expires: '2026-12-01' }));
    expect(live.secret).toMatch(/^tmk_live_/);
    expect(live.expires_at).toBe('2026-12-01T00:00:00.000Z');
    const test = await issueApiKey.run(t.ctx, issueApiKey.input.parse({ org: org.id, scopes: ['billing:read'], test: true }));
    expect(test.secret).toMatch(/^tmk_test_/);
    expect((await authenticateApiKey(t.ctx, `Bearer ${live.secret}`)).org.id).toBe(org.id);

    const keys = await listApiKeysLocal.run(t.ctx, { org: org.id });
    expect(keys.data.map((k) => [k.livemode, k.scopes])).toEqual([[true, ['trademarks:read']], [false, ['billing:read']]]);
    expect(JSON.stringify(keys)).not.toContain(live.secret);

    const revoked = await revokeApiKeyLocal.run(t.ctx, { id: live.id });
    expect(revoked.status).toBe('revoked');
    expect((await fails(authenticateApiKey(t.ctx, live.secret))).type).toBe('unauthorized');
  });

  it('sets per-organization limits, keeping what is not given', async () => {
    const org = await createOrganization.run(t.ctx, { name: 'Beta' });
    const a = await setOrganizationLimits.run(t.ctx, setOrganizationLimits.input.parse({ org: org.id, reads: 20_000, daily_search: 5 }));
    expect(a.limits.reads).toEqual({ limit: 20_000, window_seconds: 60 });
    expect(a.limits.daily).toEqual({ reads: 1_000_000, search: 5, writes: 100_000 });
    const b = await setOrganizationLimits.run(t.ctx, setOrganizationLimits.input.parse({ org: org.id, writes: 10, window_seconds: 1 }));
    expect(b.limits).toMatchObject({ reads: { limit: 20_000 }, writes: { limit: 10, window_seconds: 1 }, daily: { search: 5 } });
  });

  it('refuses unknown organizations, past expiries and account operations without a credential', async () => {
    expect((await fails(issueApiKey.run(t.ctx, issueApiKey.input.parse({ org: 'org_missing', scopes: ['trademarks:read'] })))).type).toBe('not_found');
    const org = await createOrganization.run(t.ctx, { name: 'Gamma' });
    expect((await fails(issueApiKey.run(t.ctx, issueApiKey.input.parse({ org: org.id, scopes: ['trademarks:read'], expires: '2020-01-01' })))).type).toBe('validation_error');
    expect((await fails(getUsage.run(t.ctx, {}))).type).toBe('unauthorized');
  });

  it('prunes idempotent responses after 24 hours and request-log entries after 30 days', async () => {
    const org = await createOrganization.run(t.ctx, { name: 'Delta' });
    const usage = t.ctx.store.auth.usage;
    const entry = (id: string, at: string) => ({ id, org_id: org.id, livemode: 1, key_id: null, method: 'GET', path: '/v1/usage', operation: 'get_usage', status: 200, error_type: null, duration_ms: 1, at });
    usage.log(entry('req_old', '2026-10-22T11:59:59.000Z'));
    usage.log(entry('req_new', '2026-11-22T11:00:00.000Z'));
    const idem = t.ctx.store.auth.idempotency;
    const cut = '2026-11-20T00:00:00.000Z';
    await idem.claim(org.id, true, 'old', 'f', '2026-11-21T11:59:59.000Z', cut, cut);
    await idem.claim(org.id, true, 'new', 'f', '2026-11-22T11:00:00.000Z', cut, cut);
    expect(await pruneAccountData(t.ctx)).toEqual({ idempotency: 1, request_log: 1 });
    expect((await usage.logs(org.id, true, Number.MAX_SAFE_INTEGER, 10)).map((l) => l.id)).toEqual(['req_new']);
    expect(await idem.claim(org.id, true, 'new', 'f', '2026-11-22T11:00:00.000Z', cut, cut)).toMatchObject({ won: false, held: { fingerprint: 'f' } });
  });

  it('drops an Idempotency-Key claim abandoned mid-request after 5 minutes, so a retry runs', async () => {
    const org = await createOrganization.run(t.ctx, { name: 'Epsilon' });
    const p = { org: { id: org.id, name: org.name, livemode: true }, scopes: [], keyId: 'key_x', livemode: true, limits: org.limits };
    const first = await claimIdempotencyKey(t.ctx, p, 'k1', 'print');
    expect(first.replay).toBe(null);
    await expect(claimIdempotencyKey(t.ctx, p, 'k1', 'print')).rejects.toMatchObject({ type: 'idempotency_processing' });
    const later = { ...t.ctx, clock: fixedClock('2026-11-22T12:05:01.000Z') };
    const retry = await claimIdempotencyKey(later, p, 'k1', 'print');
    expect(retry.replay).toBe(null);
    await retry.complete({ status: 201, body: '{"ok":true}' });
    expect((await claimIdempotencyKey(later, p, 'k1', 'print')).replay).toEqual({ status: 201, body: '{"ok":true}' });
  });

  it('keeps local administration off HTTP and MCP', () => {
    for (const name of ['create_organization', 'list_organizations', 'set_organization_limits', 'issue_api_key', 'list_api_keys_local', 'revoke_api_key_local']) {
      const op = OPERATIONS.find((o) => o.name === name)!;
      expect(op.local).toBe(true);
      expect(op.http).toBeUndefined();
      expect(op.cli).toBeDefined();
    }
  });
});
