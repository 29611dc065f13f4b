/** Resolves in a later task: work after it does not lengthen the current one (a click's, a message's). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
