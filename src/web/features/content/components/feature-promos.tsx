import type { ComponentType, SVGProps } from 'react';
import { HeadsetIcon, PalletIcon, ShieldIcon, TruckIcon } from '#web/components/ui/icons.tsx';
import { SectionHeading } from '#web/components/ui/section-heading.tsx';

interface Promo {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
}

const promos: Promo[] = [
  {
    icon: PalletIcon,
    title: 'Bulk pricing',
    text: 'Trade prices from the minimum order up, with extra discounts on pallet quantities.',
  },
  {
    icon: TruckIcon,
    title: 'Fast shipping',
    text: 'Orders paid before 2 pm leave our warehouse the same day, tracked door to door.',
  },
  {
    icon: ShieldIcon,
    title: '3-year warranty',
    text: 'Every tool and battery is covered for three years, with repairs done in our own plant.',
  },
  {
    icon: HeadsetIcon,
    title: 'Expert support',
    text: 'Talk to engineers who build the tools, not a script, six days a week.',
  },
];

export function FeaturePromos() {
  return (
    <section aria-labelledby="promos-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="promos-heading"
          eyebrow="Why Torque"
          title="Straight from the factory floor"
          subtitle="Buying direct from the manufacturer means better prices and people who know every part."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {promos.map(({ icon: PromoIcon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm transition hover:border-safety sm:flex-col sm:p-6"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-safety">
                <PromoIcon className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-600 sm:mt-2">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
