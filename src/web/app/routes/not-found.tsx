import { Link } from 'react-router';
import { useNotFoundStatus } from '#web/lib/server-page.ts';

/** Any path the router does not know (SPEC §2 Not found), answered with a 404 (DESIGN §5.10). */
export function NotFoundPage() {
  useNotFoundStatus();
  return (
    <section className="relative overflow-hidden bg-slate-900 text-white">
      <title>Page Not Found | Torque</title>
      <meta name="robots" content="noindex" />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-2 bg-[repeating-linear-gradient(135deg,#facc15_0_16px,#0f172a_16px_32px)]"
      />
      <div className="mx-auto flex min-h-[70svh] max-w-3xl flex-col items-center justify-center px-4 py-20 text-center">
        <p aria-hidden="true" className="text-8xl font-black tracking-tighter text-safety sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">Page Not Found</h1>
        <p className="mt-3 text-lg text-slate-300">Ooops ! This is Error Page</p>
        <p className="mt-2 max-w-md text-slate-400">
          The page you are looking for has moved, or never existed. Let&apos;s get you back to the workshop.
        </p>
        <Link to="/" className="btn btn-primary mt-8">
          Back to home
        </Link>
      </div>
    </section>
  );
}
