import type { ComponentType, SVGProps } from 'react';
import { ChatIcon, GlobeIcon, HelmetIcon, UsersIcon } from '#web/components/ui/icons.tsx';
import { SectionHeading } from '#web/components/ui/section-heading.tsx';

interface Stat {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  value: string;
  label: string;
}

/** SPEC §2: the stats block's figures, exactly. */
const stats: Stat[] = [
  { icon: GlobeIcon, value: '72', label: 'Countries' },
  { icon: HelmetIcon, value: '535+', label: 'Complete Projects' },
  { icon: UsersIcon, value: '273+', label: 'Happy Clients' },
  { icon: ChatIcon, value: '432+', label: 'Feedbacks' },
];

export function BusinessSummary() {
  return (
    <section
      id="business-summary"
      aria-labelledby="business-summary-heading"
      className="relative overflow-hidden bg-slate-900 py-16 sm:py-20"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_0%,rgba(249,115,22,0.18),transparent_45%),radial-gradient(circle_at_90%_100%,rgba(250,204,21,0.12),transparent_40%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="business-summary-heading"
          tone="dark"
          eyebrow="Business summary"
          title="Millions of jobs. One trusted brand."
          subtitle="Contractors and manufacturers around the world rely on Torque tools every day."
        />
        <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {stats.map(({ icon: StatIcon, value, label }) => (
            <div
              key={label}
              className="flex flex-col items-center rounded-box border border-slate-700 bg-slate-800/60 px-3 py-6 text-center sm:px-4 sm:py-8"
            >
              <StatIcon className="mb-3 size-8 text-safety sm:mb-4 sm:size-10" />
              <dt className="order-last mt-1 text-xs font-semibold tracking-wide text-slate-300 uppercase sm:text-base">
                {label}
              </dt>
              <dd className="text-3xl font-black text-white sm:text-5xl">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
