import { Link } from 'react-router';

/** Shown when a page fails to render or its code fails to load (for example after a deploy). */
export function PageError() {
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">This page could not be shown. Reloading usually fixes it.</p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" reloadDocument className="btn btn-outline">
          Back to home
        </Link>
      </div>
    </section>
  );
}
