// Reading a JSON request body within the documented size limit (1 MiB by default): an oversized
// body is a 413, malformed JSON or a non-JSON content type a 400.
import { TmError } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const tooLarge = (limit: number): TmError =>
  new TmError('payload_too_large', `The request body is larger than ${limit} bytes.`, {
    param: 'body',
    suggestion: 'Split the request; a batch takes at most 100 items.',
  });

/** The parsed body, or `{}` when the request has none. */
export const readJsonBody = async (req: Request, limit: number): Promise<unknown> => {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) throw tooLarge(limit);
      chunks.push(chunk);
    }
  }
  if (size === 0) return {};
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new TmError('validation_error', `Content-Type must be application/json, not '${type || 'none'}'.`, {
      param: 'Content-Type',
      suggestion: 'Send the body as JSON with Content-Type: application/json.',
    });
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new TmError('validation_error', `Malformed JSON body: ${(err as Error).message}.`, { param: 'body' });
  }
};
