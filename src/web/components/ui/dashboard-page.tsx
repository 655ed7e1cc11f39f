import type { ReactNode, Ref } from 'react';

interface DashboardPageProps {
  title: string;
  intro: string;
  children: ReactNode;
  /** The h1 takes focus when the thing that had it goes away (a deleted row's button). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The state to navigate with when the control that had focus goes with the page left (a saved
 * form): the page reached puts focus on its heading.
 */
export const FOCUS_HEADING = { focusHeading: true };

/** The frame of a page inside the dashboard: its h1, one line on what it is for, the content. */
export function DashboardPage({ title, intro, children, headingRef }: DashboardPageProps) {
  return (
    <div className="space-y-6 p-4 sm:p-8">
      <header>
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-2xl font-extrabold text-slate-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </header>
      {children}
    </div>
  );
}
