const REPORT_EVERY_MS = 10_000;

/**
 * A failing analytics service must not flood the log: the first problem of a kind (its text up
 * to a colon) is logged at once, then at most one line every REPORT_EVERY_MS, with how many
 * events it concerned since.
 */
export class ProblemReporter {
  private readonly reported = new Map<string, { at: number; events: number }>();

  constructor(private readonly log: (message: string) => void) {}

  report(problem: string, events: number): void {
    const kind = problem.replace(/:.*/, '');
    const now = Date.now();
    const last = this.reported.get(kind);
    if (!last || now - last.at >= REPORT_EVERY_MS) {
      const since = last && last.events > 0 ? ` (and ${last.events} more event(s) since the last report)` : '';
      this.log(`${problem}${since}`);
      this.reported.set(kind, { at: now, events: 0 });
    } else {
      last.events += events;
    }
  }
}
