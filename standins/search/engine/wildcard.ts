/**
 * Wildcard patterns (`*` for any run of characters) matched in linear time, for facet search and
 * `@field=value*` expressions. Turning each `*` into `.*` in an anchored RegExp let V8 backtrack
 * exponentially on patterns such as `*****zq` (issue 19: one GET froze the site); here the pattern is
 * cut at its stars and the pieces are found left to right, each at its first place, which is
 * enough because a star can swallow whatever lies between two pieces.
 */

/** Longest wildcard pattern taken (the facet search schema allows 1000 characters). */
export const MAX_WILDCARD_PATTERN_LENGTH = 1000;

export class WildcardPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WildcardPatternError';
  }
}

/** A matcher for `pattern` (case as given: callers lower-case both sides). */
export function wildcardMatcher(pattern: string): (text: string) => boolean {
  if (pattern.length > MAX_WILDCARD_PATTERN_LENGTH) {
    throw new WildcardPatternError(`A wildcard pattern must be at most ${MAX_WILDCARD_PATTERN_LENGTH} characters.`);
  }
  const pieces = pattern.split('*');
  if (pieces.length === 1) return (text) => text === pattern;
  const head = pieces[0]!;
  const tail = pieces.at(-1)!;
  // Consecutive stars leave empty pieces: they match nothing more than one star does.
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const shortest = head.length + tail.length + middle.reduce((sum, piece) => sum + piece.length, 0);
  return (text) => {
    if (text.length < shortest || !text.startsWith(head) || !text.endsWith(tail)) return false;
    const end = text.length - tail.length;
    let at = head.length;
    for (const piece of middle) {
      const found = text.indexOf(piece, at);
      if (found < 0 || found + piece.length > end) return false;
      at = found + piece.length;
    }
    return true;
  };
}
