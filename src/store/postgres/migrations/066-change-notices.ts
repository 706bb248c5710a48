// PostgreSQL migration 66: change notices for the nodes' caches (issue 25, src/store/postgres/
// changes.ts). One notice per statement that changes what authentication caches (an
// organization's name, limits or plan; a key's scopes, expiry, revocation), whoever runs it;
// a key's last use (written on every flush) sends none.
export const sql = `
CREATE FUNCTION tm_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('tm_changes', 'auth');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER orgs_changed AFTER UPDATE OF id, name, limits, plan OR DELETE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION tm_notify_auth();
CREATE TRIGGER api_keys_changed AFTER UPDATE OF id, org_id, name, hash, livemode, scopes, expires_at, revoked_at OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION tm_notify_auth();
`;
