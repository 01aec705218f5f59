/**
 * Resolves in a new task, letting the browser paint and handle input first. Start-up work is cut
 * into such steps so that no single task keeps the page from responding for long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
