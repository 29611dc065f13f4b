/** Runs `task` once the page is idle (at the latest after `timeoutMs`); a short delay where idle callbacks are missing. */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 50);
}
