import type { ReactNode } from 'react';
import { LogoMark, PalletIcon, ShieldIcon, TruckIcon } from '#web/components/ui/icons.tsx';

interface AuthLayoutProps {
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

const perks = [
  { icon: PalletIcon, text: 'Order by the pallet at factory prices' },
  { icon: TruckIcon, text: 'Track, pay for and cancel your orders' },
  { icon: ShieldIcon, text: 'Two-factor sign-in to keep your account safe' },
];

/** The frame of the sign-in pages: a brand panel beside the form (stacked on small screens). */
export function AuthLayout({ eyebrow, title, intro, children }: AuthLayoutProps) {
  return (
    <section className="bg-base-200 px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm lg:grid-cols-[0.9fr_1.1fr]">
        <div className="relative hidden flex-col overflow-hidden bg-slate-900 p-10 text-slate-100 lg:flex">
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 h-2 bg-[repeating-linear-gradient(135deg,#facc15_0_16px,#0f172a_16px_32px)]"
          />
          <LogoMark className="size-12" />
          <p className="mt-8 text-3xl leading-tight font-extrabold text-white">
            Professional tools, <span className="text-safety">straight from the factory.</span>
          </p>
          <ul className="mt-8 mb-10 space-y-4">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-slate-300">
                <span className="grid size-9 shrink-0 place-items-center rounded-md bg-slate-800 text-safety">
                  <Icon className="size-5" />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-auto grid grid-cols-2 gap-4 border-t border-slate-800 pt-8">
            <div className="flex flex-col-reverse">
              <dt className="text-sm text-slate-400">Countries served</dt>
              <dd className="text-2xl font-black text-white">72</dd>
            </div>
            <div className="flex flex-col-reverse">
              <dt className="text-sm text-slate-400">Happy clients</dt>
              <dd className="text-2xl font-black text-white">273+</dd>
            </div>
          </dl>
        </div>
        <div className="p-6 sm:p-10">
          <p className="text-sm font-bold tracking-[0.2em] text-rust uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
          {intro && <div className="mt-3 text-slate-600">{intro}</div>}
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </section>
  );
}
