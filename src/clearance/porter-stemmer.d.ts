// Types for natural's Porter stemmer, imported by path so the rest of natural stays out of the CLI's cold start.
declare module 'natural/lib/natural/stemmers/porter_stemmer.js' {
  const PorterStemmer: { stem(token: string): string };
  export default PorterStemmer;
}
