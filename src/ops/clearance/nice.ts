// The Nice classification index for the clearance operations, built from data/nice once per process.
import { buildNiceIndex, type NiceIndex } from '../../clearance/nice-index.js';
import { niceClasses, niceTerms } from '../reference/data.js';

let index: NiceIndex | undefined;

export const niceIndex = (): NiceIndex => {
  const { terms, edition } = niceTerms();
  return (index ??= buildNiceIndex(terms, niceClasses().classes, edition));
};
