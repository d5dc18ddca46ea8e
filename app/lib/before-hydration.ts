/**
 * One-off work a module asks to have done before the page hydrates, each piece in a browser task
 * of its own. The first Intl number formatter a page builds sets up the browser's number data:
 * 20-80 ms at once in headless Chromium on this machine, times four on Lighthouse's phone. Built
 * inside React's hydration it made the page's longest task; apart, React's tasks stay short.
 * entry.client.tsx runs the list after the page's modules have loaded; only modules a page loads
 * add to it, so a page that formats nothing does none of this.
 */
const pending: Array<() => void> = [];

export function beforeHydration(work: () => void): void {
  pending.push(work);
}

const nextTask = () => new Promise<void>((go) => setTimeout(go));

/** Runs what the page's modules asked for, a task each, and resolves in a task after the last. */
export async function runBeforeHydration(): Promise<void> {
  while (pending.length) {
    await nextTask();
    pending.shift()!();
  }
  await nextTask();
}
