/**
 * A small reader of S-expressions as KiCad writes them (its `.kicad_mod` and `.kicad_sym` files):
 * lists in parentheses of bare atoms and double-quoted strings with backslash escapes. Enough to
 * check what a CAD tool reads: an unbalanced or unterminated file is an error, as it is to KiCad.
 */
export type SExpr = string | SExpr[];

export function parseSExpr(text: string): SExpr {
  let index = 0;
  const skip = () => {
    while (index < text.length && /\s/.test(text[index]!)) index += 1;
  };
  const read = (): SExpr => {
    skip();
    const char = text[index];
    if (char === undefined) throw new Error('Unexpected end of input');
    if (char === '(') {
      index += 1;
      const items: SExpr[] = [];
      for (;;) {
        skip();
        if (text[index] === undefined) throw new Error('Unclosed list');
        if (text[index] === ')') {
          index += 1;
          return items;
        }
        items.push(read());
      }
    }
    if (char === ')') throw new Error(`Unexpected ) at ${index}`);
    if (char === '"') {
      let value = '';
      index += 1;
      while (text[index] !== '"') {
        if (text[index] === undefined) throw new Error('Unterminated string');
        if (text[index] === '\\') index += 1;
        value += text[index];
        index += 1;
      }
      index += 1;
      return value;
    }
    const start = index;
    while (index < text.length && !/[\s()"]/.test(text[index]!)) index += 1;
    return text.slice(start, index);
  };
  const result = read();
  skip();
  if (index < text.length) throw new Error(`Trailing input at ${index}`);
  return result;
}

/** The child lists of `node` whose head is `head` (`(pad ...)` of a footprint), at any depth when `deep`. */
export function childrenNamed(node: SExpr, head: string, deep = false): SExpr[][] {
  if (!Array.isArray(node)) return [];
  const found: SExpr[][] = [];
  for (const child of node) {
    if (Array.isArray(child) && child[0] === head) found.push(child);
    if (deep && Array.isArray(child)) found.push(...childrenNamed(child, head, true));
  }
  return found;
}

/** The atoms after the head of the first child named `head`: `(size 1.2 0.9)` gives ['1.2', '0.9']. */
export function valuesOf(node: SExpr[], head: string): string[] {
  const child = childrenNamed(node, head)[0];
  return child ? child.slice(1).filter((item): item is string => typeof item === 'string') : [];
}
