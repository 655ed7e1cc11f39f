/** The 'or' rule between a form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-slate-500 uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-base-300" />
      or
      <span aria-hidden="true" className="h-px flex-1 bg-base-300" />
    </div>
  );
}
