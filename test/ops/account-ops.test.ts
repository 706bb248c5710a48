// The local administration operations behind `tm orgs` and `tm keys`, run as the CLI runs them
// (no organization in the context), and the account operations' refusal without a credential.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticateApiKey } from '../../src/auth/index.js';
import { TmError } from '../../src/errors.js';
import { createOrganization } from '../../src/ops/create-organization.js';
import { getUsage } from '../../src/ops/get-usage.js';
import { issueApiKey } from '../../src/ops/issue-api-key.js';
import { listApiKeysLocal } from '../../src/ops/list-api-keys-local.js';
import { listOrganizations } from '../../src/ops/list-organizations.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { revokeApiKeyLocal } from '../../src/ops/revoke-api-key-local.js';
import { setOrganizationLimits } from '../../src/ops/set-organization-limits.js';
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

  it('keeps local administration off HTTP and MCP', () => {
    for (const name of ['create_organization', 'list_organizations', 'set_organization_limits', 'issue_api_key', 'list_api_keys_local', 'revoke_api_key_local']) {
      const op = OPERATIONS.find((o) => o.name === name)!;
      expect(op.local).toBe(true);
      expect(op.http).toBeUndefined();
      expect(op.cli).toBeDefined();
    }
  });
});
