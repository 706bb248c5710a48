// Text bound for a terminal. Office data (mark_text, owner names, goods) can hold C0 and C1 control
// characters, escape sequences (CSI colours, OSC 8 links, OSC 52 clipboard writes) and bidi
// overrides; printed raw they would drive the operator's terminal. Every human view shows them as
// visible escapes instead (\x1b, \u202e), at one place per path: the data a CLI view renders
// (src/cli/views/index.ts), the ink review screen, error and warning lines. JSON and exports keep
// the text exact.

/**
 * C0 controls and DEL, C1 controls, the bidi embeddings, overrides and isolates, the implicit
 * direction marks, and the Unicode line and paragraph separators. An escape sequence is harmless
 * once its ESC (or C1 introducer) is shown as text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- likewise
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const escape = (c: string): string => {
  const code = c.charCodeAt(0);
  return SHORT[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
};

/** One value for a terminal: every control and bidi character as a visible escape. */
export const visible = (s: string): string => s.replace(UNSAFE, escape);

/** A message of several lines for a terminal: line feeds stay, everything else as `visible`. */
export const visibleLines = (s: string): string => s.replace(UNSAFE_BUT_NEWLINE, escape);

/** A copy of a view's data with every string (and key) made visible; other values as they are. */
export const visibleDeep = <T>(value: T): T => {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map(visibleDeep) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [visible(k), visibleDeep(v)])) as T;
};
