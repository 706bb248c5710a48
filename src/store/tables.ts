// Raw table access for moving a whole store between backends (`tm copy`), never for operations:
// which data tables a store has, their rows in batches, and writing rows into an empty store with
// the triggers held off (a copy writes the counts those triggers keep, so they must not add again).

/** A stored value as both backends hand it over: text, a number, or null. */
export type Cell = string | number | null;

export interface TableShape {
  name: string;
  columns: string[];
}

export interface StoreTables {
  /** The data tables (not migration bookkeeping nor SQLite's internals), parents before the tables that reference them. */
  list(): Promise<TableShape[]>;
  count(table: string): Promise<number>;
  /** Every row of a table in batches of at most `batchSize`, with the columns in the order given. */
  read(table: string, columns: readonly string[], batchSize: number): AsyncIterable<Cell[][]>;
  /** Before writing: empties these tables and holds their triggers off. */
  begin(tables: readonly string[]): Promise<void>;
  /** Appends one batch (PostgreSQL: one COPY; SQLite: one transaction). */
  write(table: string, columns: readonly string[], rows: readonly Cell[][]): Promise<void>;
  /** After writing: the triggers back on, generated sequences moved past the copied values, committed. */
  end(tables: readonly string[]): Promise<void>;
  /** A copy that failed between begin and end: nothing of it stays. */
  abort(): Promise<void>;
}
