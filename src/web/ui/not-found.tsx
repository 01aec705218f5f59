import { Link } from '@tanstack/react-router';

/** docs/product/screens.md: any route the router does not know. */
export function NotFound() {
  return (
    <div className="page narrow not-found">
      <p className="kicker">Error 404</p>
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <Link to="/" className="button button-primary">
        Back to Home
      </Link>
    </div>
  );
}
