import { useRef, useState, type TouchEvent } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from '#web/components/ui/icons.tsx';

interface BannerSlide {
  image: string;
  eyebrow: string;
  headline: string;
  text: string;
}

const slides: BannerSlide[] = [
  {
    image: '/images/site/banner-1.svg',
    eyebrow: 'Cordless drills & drivers',
    headline: 'Power that works as hard as you do',
    text: 'Brushless motors, all-metal chucks and batteries that last a full ten-hour shift.',
  },
  {
    image: '/images/site/banner-2.svg',
    eyebrow: 'Circular & mitre saws',
    headline: 'Cut clean. Cut fast. Cut all day.',
    text: 'Precision-balanced blades and electronic brakes for straight, safe cuts on every job.',
  },
  {
    image: '/images/site/banner-3.svg',
    eyebrow: 'Angle grinders',
    headline: 'Built for the grind',
    text: 'Kickback control and dust-sealed gearboxes made for steel yards and fabrication shops.',
  },
  {
    image: '/images/site/banner-4.svg',
    eyebrow: 'Bulk & trade orders',
    headline: 'Factory direct, by the pallet',
    text: 'Order in volume straight from the manufacturer, with trade pricing and fleet support.',
  },
];

const SWIPE_THRESHOLD_PX = 50;

/** The landing banner: 4 slides, moved by buttons, dots or a swipe; it never advances on its own. */
export function BannerCarousel() {
  const [active, setActive] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const count = slides.length;
  const goTo = (index: number) => setActive((index + count) % count);

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
    goTo(end < start ? active + 1 : active - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured tools"
      className="relative overflow-hidden bg-slate-950"
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div
        className="flex h-[30rem] transition-transform duration-500 ease-out motion-reduce:transition-none sm:h-[32rem] lg:h-[36rem]"
        // Only once it has moved: the server's HTML carries no style attribute, which the CSP refuses.
        style={active === 0 ? undefined : { transform: `translateX(-${active * 100}%)` }}
      >
        {slides.map((slide, index) => {
          const current = index === active;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!current}
              inert={!current}
              className="relative h-full w-full shrink-0"
            >
              <img
                src={slide.image}
                alt=""
                width={1600}
                height={700}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
                className="absolute inset-0 size-full object-cover object-[72%_center]"
              />
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-r from-slate-950/95 via-slate-950/70 to-slate-950/10 max-md:bg-slate-950/70"
              />
              <div className="relative mx-auto flex h-full max-w-7xl items-center px-4 pb-16 sm:px-6 lg:px-8">
                <div className="max-w-xl text-white">
                  <p className="mb-3 inline-block rounded-sm bg-secondary px-2 py-1 text-xs font-bold tracking-[0.15em] text-secondary-content uppercase">
                    {slide.eyebrow}
                  </p>
                  <h2 className="text-4xl leading-tight font-black sm:text-5xl lg:text-6xl">
                    {slide.headline}
                  </h2>
                  <p className="mt-4 text-lg text-slate-200">{slide.text}</p>
                  <div className="mt-8 flex flex-wrap gap-3">
                    <Link to={{ pathname: '/', hash: '#tools' }} className="btn btn-primary btn-lg gap-2">
                      Shop tools
                      <ArrowRightIcon className="size-5" />
                    </Link>
                    <a
                      href="mailto:sales@torque-tools.example?subject=Quote%20request"
                      className="btn btn-lg btn-outline border-white text-white hover:bg-white hover:text-slate-900"
                    >
                      Request a quote
                    </a>
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-5 mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <div className="flex gap-1">
          {slides.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              aria-label={`Show slide ${index + 1}`}
              aria-current={index === active}
              onClick={() => goTo(index)}
              className="flex h-8 items-center px-1"
            >
              <span
                className={`block h-1.5 rounded-full transition-all ${index === active ? 'w-10 bg-safety' : 'w-6 bg-white/60 hover:bg-white'}`}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => goTo(active - 1)}
            className="btn btn-circle border-white/40 bg-slate-900/70 text-white hover:border-safety hover:bg-primary hover:text-primary-content"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => goTo(active + 1)}
            className="btn btn-circle border-white/40 bg-slate-900/70 text-white hover:border-safety hover:bg-primary hover:text-primary-content"
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
