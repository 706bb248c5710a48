// Ordering strings by code unit, for the machine strings a process sorts on every request: ISO
// dates and timestamps, snake_case keys. For these it gives localeCompare's order, without its
// cost: a process's first localeCompare loads ICU's collation tables, some 20 ms of a one-shot
// `tm search` (issue 26.12). Text a person reads (names, marks) keeps localeCompare.

/** -1, 0 or 1 as `a` sorts before, with or after `b` by UTF-16 code unit. */
export const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
