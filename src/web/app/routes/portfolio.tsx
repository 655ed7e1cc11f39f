import type { ReactNode } from 'react';
import { ExternalLinkIcon, MailIcon, MapPinIcon, PhoneIcon } from '#web/components/ui/icons.tsx';
import { portfolio } from '#web/features/content/portfolio-data.ts';

const sections = [
  { id: 'basic-info', label: 'Basic Info' },
  { id: 'education', label: 'Education' },
  { id: 'technologies', label: 'Technologies' },
  { id: 'projects', label: 'Projects' },
] as const;

type SectionId = (typeof sections)[number]['id'];

function PortfolioSection({ id, title, children }: { id: SectionId; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-32 lg:scroll-mt-24">
      <h2
        id={`${id}-heading`}
        className="mb-6 flex items-center gap-3 text-2xl font-extrabold text-slate-900"
      >
        <span aria-hidden="true" className="h-7 w-1.5 rounded-full bg-safety" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** A side-menu layout over the owner's portfolio (SPEC §2 Portfolio); content is in portfolio-data.ts. */
export function PortfolioPage() {
  const { contact } = portfolio;
  return (
    <div className="bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[15rem_1fr] lg:px-8 lg:py-14">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-box bg-slate-900 p-5 text-slate-100">
            <h1 className="text-sm font-bold tracking-[0.2em] text-safety uppercase">My Portfolio</h1>
            <nav aria-label="Portfolio sections" className="mt-4">
              <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="block rounded-md px-3 py-2 text-sm font-semibold hover:bg-slate-800 hover:text-safety"
                    >
                      {section.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </aside>

        <div className="flex min-w-0 flex-col gap-14">
          <PortfolioSection id="basic-info" title="Basic Info">
            <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-10">
              <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
                <span
                  aria-hidden="true"
                  className="flex size-24 shrink-0 items-center justify-center rounded-full bg-slate-900 text-3xl font-black text-safety ring-4 ring-orange-200"
                >
                  {initials(portfolio.name)}
                </span>
                <div>
                  <p className="text-3xl font-black text-slate-900 sm:text-4xl">{portfolio.greeting}</p>
                  <p className="mt-1 text-lg font-semibold text-rust">{portfolio.role}</p>
                </div>
              </div>
              <p className="mt-6 max-w-3xl leading-relaxed text-slate-700">{portfolio.intro}</p>
              <ul className="mt-6 grid gap-3 text-slate-700 sm:grid-cols-2">
                <li className="flex items-center gap-3">
                  <MailIcon className="size-5 shrink-0 text-rust" />
                  <a href={`mailto:${contact.email}`} className="break-all hover:underline">
                    {contact.email}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <PhoneIcon className="size-5 shrink-0 text-rust" />
                  <a href={`tel:${contact.phone.replace(/\s+/g, '')}`} className="hover:underline">
                    {contact.phone}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <MapPinIcon className="size-5 shrink-0 text-rust" />
                  {contact.location}
                </li>
                <li className="flex items-center gap-3">
                  <span aria-hidden="true" className="mx-1.5 size-2 shrink-0 rounded-full bg-success" />
                  {contact.availability}
                </li>
              </ul>
              <a href={`mailto:${contact.email}`} className="btn btn-primary mt-8">
                Get In Touch
              </a>
            </div>
          </PortfolioSection>

          <PortfolioSection id="education" title="Education">
            <ul className="grid gap-6 md:grid-cols-2">
              {portfolio.education.map((item) => (
                <li
                  key={item.degree}
                  className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
                >
                  <p className="text-sm font-bold text-rust">{item.years}</p>
                  <h3 className="mt-1 text-lg font-bold text-slate-900">{item.degree}</h3>
                  <p className="font-semibold text-slate-700">{item.school}</p>
                  <p className="mt-3 text-slate-600">{item.details}</p>
                </li>
              ))}
            </ul>
          </PortfolioSection>

          <PortfolioSection id="technologies" title="Technologies">
            <div className="grid gap-6 md:grid-cols-2">
              <TechList title="Front-end" items={portfolio.technologies.frontEnd} />
              <TechList title="Back-end" items={portfolio.technologies.backEnd} />
            </div>
          </PortfolioSection>

          <PortfolioSection id="projects" title="Projects">
            <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              {portfolio.projects.map((project) => (
                <li
                  key={project.name}
                  className="flex flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
                >
                  <h3 className="text-lg font-bold text-slate-900">{project.name}</h3>
                  <p className="mt-2 flex-1 text-slate-600">{project.description}</p>
                  <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${project.name} built with`}>
                    {project.stack.map((tech) => (
                      <li key={tech} className="badge badge-ghost text-xs font-semibold">
                        {tech}
                      </li>
                    ))}
                  </ul>
                  <a
                    href={project.liveUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-describedby={`project-${project.name.replace(/\W+/g, '-')}`}
                    className="btn btn-neutral btn-sm mt-5 gap-2 self-start"
                  >
                    Go Live
                    <ExternalLinkIcon className="size-4" />
                  </a>
                  <span id={`project-${project.name.replace(/\W+/g, '-')}`} className="sr-only">
                    {project.name}, opens in a new tab
                  </span>
                </li>
              ))}
            </ul>
          </PortfolioSection>
        </div>
      </div>
    </div>
  );
}

function TechList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <h3 className="text-lg font-bold text-slate-900">{title}</h3>
      <ul className="mt-4 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-slate-100">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
