interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  tone?: 'light' | 'dark';
}

/** The kicker, h2 and intro line that open each home-page section. */
export function SectionHeading({ id, eyebrow, title, subtitle, tone = 'light' }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p
          className={`mb-2 text-sm font-bold tracking-[0.2em] uppercase ${dark ? 'text-safety' : 'text-rust'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2 id={id} className={`text-3xl font-extrabold sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}>
        {title}
      </h2>
      <span aria-hidden="true" className="mx-auto mt-4 block h-1 w-16 rounded-full bg-safety" />
      {subtitle && <p className={`mt-4 ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{subtitle}</p>}
    </div>
  );
}
