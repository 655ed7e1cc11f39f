import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { CATEGORIES } from '#shared/categories.ts';
import type { CategoryList } from '#shared/schemas/tool.ts';
import { useCategories } from '#web/features/tools/api/get-categories.ts';
import { LogoMark, MailIcon, MapPinIcon, PhoneIcon } from '#web/components/ui/icons.tsx';

interface FooterLink {
  label: string;
  to: To;
}

const aboutLinks: FooterLink[] = [
  { label: 'Business summary', to: { pathname: '/', hash: '#business-summary' } },
  { label: 'Customer reviews', to: { pathname: '/', hash: '#reviews' } },
  { label: 'Blogs', to: '/blogs' },
  { label: 'Portfolio', to: '/myPortfolio' },
];

const LINKS_PER_COLUMN = 4;

/**
 * A column's categories, each to its page of the catalogue: those with tools for sale,
 * once the catalogue's counts are known (the server draws every page with them), in the store's
 * order; every category of the column until then. A column with none links the whole catalogue.
 */
function categoryLinks(group: string, live: CategoryList | undefined): FooterLink[] {
  const links = CATEGORIES.filter((c) => c.group === group && (!live || live.some((l) => l.slug === c.slug)))
    .slice(0, LINKS_PER_COLUMN)
    .map((c) => ({ label: c.name, to: `/tools?category=${c.slug}` }));
  return links.length ? links : [{ label: 'All tools', to: '/tools' }];
}

function FooterColumn({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <h2 className="mb-4 text-sm font-bold tracking-[0.15em] text-white uppercase">{title}</h2>
      {children}
    </div>
  );
}

function LinkList({ links }: { links: FooterLink[] }) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.label}>
          <Link to={link.to} className="text-slate-300 transition-colors hover:text-safety">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const { data: live } = useCategories();
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="h-1.5 bg-[repeating-linear-gradient(135deg,#f97316_0_14px,#0f172a_14px_28px)]" />
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:grid-cols-4 sm:px-6 lg:grid-cols-[1.4fr_1fr_1.2fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 sm:col-span-4 lg:col-span-1">
          <Link to="/" className="flex items-center gap-2 text-xl font-black text-white">
            <LogoMark className="size-8" />
            Torque
          </Link>
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-400">
            Professional power tools engineered, tested and shipped by the people who make them.
          </p>
        </div>
        <FooterColumn title="About us">
          <LinkList links={aboutLinks} />
        </FooterColumn>
        <FooterColumn title="Contact" className="order-last col-span-2 sm:order-none sm:col-span-1">
          <address className="space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-safety" />
              1200 Foundry Road, Dayton, OH 45402
            </p>
            <p>
              <a href="tel:+18005550123" className="flex gap-2 hover:text-safety">
                <PhoneIcon className="mt-0.5 size-4 shrink-0 text-safety" />
                +1 800 555 0123
              </a>
            </p>
            <p>
              <a href="mailto:sales@torque-tools.example" className="flex gap-2 break-all hover:text-safety">
                <MailIcon className="mt-0.5 size-4 shrink-0 text-safety" />
                sales@torque-tools.example
              </a>
            </p>
          </address>
        </FooterColumn>
        <FooterColumn title="Tools">
          <LinkList links={categoryLinks('tools', live)} />
        </FooterColumn>
        <FooterColumn title="Press Tools">
          <LinkList links={categoryLinks('press-tools', live)} />
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-slate-400 sm:px-6 lg:px-8">
          Copyright © 2022 - All right reserved by Torque
        </p>
      </div>
    </footer>
  );
}
