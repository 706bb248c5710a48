// A small element tree built per record on top of the streaming driver, for the WIPO layouts
// (ST.66, ST.96) whose records nest deeply and repeat names in several places. Only one record's
// tree is alive at a time, so memory stays bounded by the largest record, not the file.
import type { XmlHandlers } from './xml-stream.js';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/**
 * Handlers that build a tree for each element named in `recordNames` (the outermost one, when they
 * nest) and pass it to `onRecord` when it closes.
 */
export const treeHandlers = (recordNames: readonly string[], onRecord: (node: XmlNode) => void): XmlHandlers => {
  const stack: XmlNode[] = [];
  return {
    open(name, attributes) {
      if (stack.length === 0 && !recordNames.includes(name)) return;
      const node: XmlNode = { name, attrs: attributes, text: '', children: [] };
      stack[stack.length - 1]?.children.push(node);
      stack.push(node);
    },
    close(_name, text) {
      const node = stack.pop();
      if (!node) return;
      node.text = text;
      if (stack.length === 0) onRecord(node);
    },
  };
};

/** Every node reached by a slash-separated path of child names ("A/B/C"). */
export const all = (node: XmlNode | null | undefined, path: string): XmlNode[] => {
  if (!node) return [];
  let current: XmlNode[] = [node];
  for (const step of path.split('/')) {
    const next: XmlNode[] = [];
    for (const n of current) for (const c of n.children) if (c.name === step) next.push(c);
    current = next;
    if (current.length === 0) break;
  }
  return current;
};

export const first = (node: XmlNode | null | undefined, path: string): XmlNode | null => all(node, path)[0] ?? null;

/** The trimmed text at a path, or null when absent or empty. */
export const text = (node: XmlNode | null | undefined, path: string): string | null => {
  const found = first(node, path);
  const value = found?.text.trim();
  return value ? value : null;
};

/** The trimmed, non-empty texts of every node at a path. */
export const texts = (node: XmlNode | null | undefined, path: string): string[] =>
  all(node, path)
    .map((n) => n.text.trim())
    .filter((t) => t !== '');

/** The first descendant with a given name, at any depth (for layouts that move elements around). */
export const find = (node: XmlNode | null | undefined, name: string): XmlNode | null => {
  if (!node) return null;
  for (const c of node.children) {
    if (c.name === name) return c;
    const deeper = find(c, name);
    if (deeper) return deeper;
  }
  return null;
};
