import { Link, useLocation } from 'react-router';

export function NotFound() {
  const location = useLocation();
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>Nothing lives at <code>{location.pathname}</code>. <Link to="/">Go to Search</Link>.</p>
    </div>
  );
}
