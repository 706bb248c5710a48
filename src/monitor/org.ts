// The organization a monitoring resource belongs to. HTTP and MCP act for the key's organization;
// a local CLI call (no key) acts for the machine's own organization, `org_local`, so that
// `tm portfolios` and `tm watches` work on a store without any API key.
import type { Context } from '../context.js';
import { TmError } from '../errors.js';

export const LOCAL_ORG = 'org_local';

export const ownerOrg = (ctx: Context): string => ctx.org?.id ?? LOCAL_ORG;

/** `metadata`: a flat JSON object of at most 8 KB (checked serialised, so the stored size is what counts). */
export const METADATA_MAX_BYTES = 8 * 1024;

export const checkMetadata = (metadata: Record<string, unknown> | undefined, param = 'metadata'): string => {
  const text = JSON.stringify(metadata ?? {});
  if (Buffer.byteLength(text) > METADATA_MAX_BYTES) {
    throw new TmError('validation_error', `${param} is ${Buffer.byteLength(text)} bytes serialised; at most ${METADATA_MAX_BYTES} are accepted.`, { param });
  }
  return text;
};

/** 404 for an id of the right type that this organization does not hold; 400 for the wrong prefix. */
export const checkPrefix = (id: string, prefix: string, noun: string, param = 'id'): void => {
  if (!id.startsWith(prefix)) {
    throw new TmError('id_type_mismatch', `'${id}' is not a ${noun} id; ${noun} ids start with ${prefix}.`, { param });
  }
};

export const notFound = (noun: string, id: string, param = 'id'): TmError => new TmError('not_found', `No ${noun} ${id}.`, { param });
