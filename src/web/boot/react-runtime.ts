/**
 * React and its DOM renderer, the largest modules the app evaluates. Imported on their own first
 * (src/web/main.tsx), so that evaluating them is one task and evaluating the rest of the app another.
 */
export { startTransition, StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
