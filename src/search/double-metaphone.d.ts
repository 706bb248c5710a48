// Types for natural's Double Metaphone module, imported by path so that the rest of natural (slow
// to load, and it prints to stdout) stays out of the CLI's cold start.
declare module 'natural/lib/natural/phonetics/double_metaphone.js' {
  export default class DoubleMetaphone {
    process(token: string, maxLength?: number): [string, string];
  }
}
