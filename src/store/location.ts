// Where a store lives: a PostgreSQL URL (postgres:// or postgresql://) selects PostgreSQL, anything
// else is a SQLite file path. A URL is never read as a path (it would make a folder `postgres:`).

const PG_URL = /^postgres(?:ql)?:\/\//i;

export const isPostgresUrl = (location: string): boolean => PG_URL.test(location);

/** A URL as it may be shown (logs, `tm serve`'s banner): without its password. */
export const displayLocation = (location: string): string => {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return location.replace(/\/\/[^@/]*@/, '//***@');
  }
};
