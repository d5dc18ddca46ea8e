/** A short id shown on error pages and written to the log, so a visitor's report finds the log line. */
export function newErrorId(): string {
  return crypto.randomUUID().slice(0, 8);
}
