/**
 * An update's Share button: the device's share dialog when it works, else the update's address
 * copied; the button says so for a moment (the page's app, and its toasts, may not be running).
 */
export async function shareUpdate(
  button: HTMLButtonElement,
  url: string,
  text: string,
  announce: (message: string) => void,
): Promise<void> {
  const data: ShareData = { title: document.title, text, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = 'Link copied!';
    announce('Link to the update copied to the clipboard');
  } catch {
    button.textContent = 'Could not copy';
    announce(`Could not copy the link: ${url}`);
  }
  setTimeout(() => (button.textContent = label), 2500);
}
