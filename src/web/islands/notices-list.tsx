import { createRoot } from 'react-dom/client';
import { OpenToasts } from '../ui/toast/open-toasts.tsx';

/** The open toasts, rendered into the worker's notice list (islands/notices.ts). */
export function renderNotices(list: HTMLElement): void {
  createRoot(list).render(<OpenToasts />);
}
