// Exit codes that are not errors, in one place beside the error table's codes (src/errors.ts
// ERROR_TABLE, 1 to 7): a CI job branches on them, so each means one thing (docs/cli.md "Exit codes").

/** `tm ingest` skipped malformed records (pass --allow-errors to exit 0). */
export const EXIT_PARTIAL = 8;
/** The output is complete as far as it goes, but a limit stopped it (stderr says which). */
export const EXIT_INCOMPLETE = 9;
/** A CI gate tripped: `tm deadlines --fail-on` found a row, `tm watches run --exit-code` raised an alert. */
export const EXIT_GATE = 10;
