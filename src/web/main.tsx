import './styles.css';

/**
 * The entry a page loads: its stylesheet, and then the app. Until the app takes over, the page is
 * the worker's reading view (or index.html's spinner), painted without waiting for any script. The
 * app's code (React, the router, the query cache: most of what a reader downloads) is fetched once
 * this small entry runs and is started in short tasks (boot/start-app.tsx), so the reader's first
 * paint is never in a race with it and scrolling stays responsive while it starts.
 */
void import('./boot/react-runtime.ts')
  .then(() => import('./boot/start-app.tsx'))
  .then(({ startApp }) => startApp());
