// Reading a multipart/form-data upload (POST /v1/search/image): the file field becomes base64
// text in the operation's input and the other fields query-like text entries, so the operation's
// schema coerces them as it does a query string. Past the upload limit (10 MB, spec §8) it is a 413.
import { TmError } from '../errors.js';
import { UPLOAD_MAX_BYTES } from '../ops/text-limits.js';

/** Room for the form's boundaries and other fields around a file at the limit. */
const FORM_SLACK = 64 * 1024;

const tooLarge = (field: string): TmError =>
  new TmError('payload_too_large', `The ${field} upload is larger than 10 MB.`, { param: field, suggestion: 'Send an image of at most 10 MB (PNG, JPEG, GIF or WebP).' });

/** The form's text fields as entries, and its file field as base64 under the field's own name. */
export const readMultipart = async (req: Request, fileField: string): Promise<[string, string][]> => {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type.trim())) {
    throw new TmError('validation_error', `Content-Type must be multipart/form-data, not '${type || 'none'}'.`, {
      param: 'Content-Type',
      suggestion: `Send the ${fileField} as a multipart form field.`,
    });
  }
  if (Number(req.headers.get('content-length') ?? NaN) > UPLOAD_MAX_BYTES + FORM_SLACK) throw tooLarge(fileField);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > UPLOAD_MAX_BYTES + FORM_SLACK) throw tooLarge(fileField);
      chunks.push(chunk);
    }
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch (err) {
    throw new TmError('validation_error', `Malformed multipart body: ${(err as Error).message}.`, { param: 'body' });
  }
  const entries: [string, string][] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      entries.push([key, value]);
      continue;
    }
    if (value.size > UPLOAD_MAX_BYTES) throw tooLarge(key);
    entries.push([key, Buffer.from(await value.arrayBuffer()).toString('base64')]);
  }
  return entries;
};
