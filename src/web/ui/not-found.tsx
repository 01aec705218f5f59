import { useDocumentTitle } from './document-title.ts';

/** docs/product/screens.md's story viewer, for a story this browser's user may not see either (the worker said so first, to the public). */
export function StoryNotFound() {
  return (
    <div className="page narrow not-found">
      <h1>Story Not Found</h1>
      <p>The story you're looking for doesn't exist.</p>
      <a href="/" className="button button-primary">
        Back to Home
      </a>
    </div>
  );
}

/** docs/product/screens.md: any route the router does not know (the worker answers such an address with 404 and the same screen). */
export function NotFound() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="page narrow not-found">
      <p className="kicker">Error 404</p>
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <a href="/" className="button button-primary">
        Back to Home
      </a>
    </div>
  );
}
