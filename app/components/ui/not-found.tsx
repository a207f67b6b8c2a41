import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200 p-6 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-base-content/70">Did you forget to add the page to the router?</p>
      <Link to="/" activeOptions={{ exact: true }} className="btn btn-primary">
        Go to the home page
      </Link>
    </main>
  );
}
