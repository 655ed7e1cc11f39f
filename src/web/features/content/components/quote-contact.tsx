import { MailIcon, PhoneIcon } from '#web/components/ui/icons.tsx';

export function QuoteContact() {
  return (
    <section aria-labelledby="quote-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid overflow-hidden rounded-box bg-slate-900 shadow-xl lg:grid-cols-[1.5fr_1fr]">
          <div className="relative p-8 sm:p-12">
            <div
              aria-hidden="true"
              className="absolute inset-y-0 left-0 w-2 bg-[repeating-linear-gradient(180deg,#f97316_0_14px,#0f172a_14px_28px)]"
            />
            <p className="text-sm font-bold tracking-[0.2em] text-safety uppercase">Request for quote</p>
            <h2 id="quote-heading" className="mt-3 text-3xl font-extrabold text-white sm:text-4xl">
              Have a project or a product request?
            </h2>
            <p className="mt-4 max-w-xl text-slate-300">
              Tell us what you need, from a fleet of drills for a new site to custom press jaws. Our sales
              engineers reply within one business day with pricing and lead times.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                href="mailto:sales@torque-tools.example?subject=Quote%20request"
                className="btn btn-primary btn-lg"
              >
                Request for Quote
              </a>
              <a
                href="tel:+18005550123"
                className="btn btn-lg btn-outline border-slate-400 text-white hover:border-white hover:bg-white hover:text-slate-900"
              >
                Contact Us
              </a>
            </div>
          </div>
          <div className="flex flex-col justify-center gap-6 bg-primary p-8 text-primary-content sm:p-12">
            <h3 className="text-xl font-extrabold">Talk to our sales team</h3>
            <a href="tel:+18005550123" className="flex items-center gap-3 font-semibold hover:underline">
              <span className="flex size-11 items-center justify-center rounded-full bg-slate-900 text-safety">
                <PhoneIcon className="size-5" />
              </span>
              +1 800 555 0123
            </a>
            <a
              href="mailto:sales@torque-tools.example"
              className="flex items-center gap-3 font-semibold break-all hover:underline"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-900 text-safety">
                <MailIcon className="size-5" />
              </span>
              sales@torque-tools.example
            </a>
            <p className="text-sm font-medium">Monday to Saturday, 7 am to 6 pm (EST)</p>
          </div>
        </div>
      </div>
    </section>
  );
}
