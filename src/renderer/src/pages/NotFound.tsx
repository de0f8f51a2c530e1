import { Link, useLocation } from 'react-router';
import { useTitle } from '../lib/title.ts';

export function NotFound() {
  const location = useLocation();
  useTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{location.pathname}</code>. <Link to="/">Go to Search</Link>.
      </p>
    </div>
  );
}
