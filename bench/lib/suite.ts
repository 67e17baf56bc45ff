/** The shape every benchmark has: run() measures and answers tables; run.ts prints and stores them. */
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

export interface Table {
  title: string;
  rows: Row[];
}

export interface Report {
  tables: Table[];
  /** How to read the figures (conditions, what was excluded); printed under the tables and stored. */
  notes: string[];
}

export interface Suite {
  /** Name on the command line: `npm run bench -- <name>`. */
  name: string;
  description: string;
  run(): Promise<Report>;
}
