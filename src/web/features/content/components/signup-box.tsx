import type { FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';

const inputClass = 'input w-full border-slate-300 bg-white text-slate-900';

/** The newsletter sign-up: the original's behaviour is not shown, so it only thanks the visitor. */
export function SignupBox() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    toast.success(`Thanks${name ? `, ${name}` : ''}! We'll keep you posted on new tools and trade offers.`);
    form.reset();
  };

  return (
    <section aria-labelledby="signup-heading" className="bg-base-200 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-box border border-base-300 bg-base-100 p-8 shadow-sm sm:p-12">
          <div className="text-center">
            <p className="text-sm font-bold tracking-[0.2em] text-rust uppercase">Newsletter</p>
            <h2 id="signup-heading" className="mt-2 text-3xl font-extrabold text-slate-900">
              Sign up for trade offers
            </h2>
            <p className="mt-3 text-slate-600">
              New tools, restocks and bulk deals, a couple of times a month. No spam.
            </p>
          </div>
          <form onSubmit={onSubmit} className="mt-8 grid gap-4 sm:grid-cols-3">
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Name
              <input name="name" type="text" autoComplete="name" required className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Email
              <input name="email" type="email" autoComplete="email" required className={inputClass} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
              Phone
              <input name="phone" type="tel" autoComplete="tel" className={inputClass} />
            </label>
            <button type="submit" className="btn btn-neutral sm:col-span-3">
              Stay with Us
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
