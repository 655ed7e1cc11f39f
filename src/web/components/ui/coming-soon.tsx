import { Link } from 'react-router';

interface ComingSoonProps {
  title: string;
  description?: string;
}

/** Stands in for a page whose feature ships in a later release. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="mb-3 text-sm font-bold tracking-[0.2em] text-rust uppercase">Coming soon</p>
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-slate-600">
        {description ?? 'This page arrives with a later release of the Torque store.'}
      </p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to home
      </Link>
    </section>
  );
}
