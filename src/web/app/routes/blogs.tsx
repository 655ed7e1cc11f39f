import { Fragment } from 'react';
import { blogPosts } from '#web/features/content/blog-posts.ts';

/** Shows text between backticks as inline code. */
function WithInlineCode({ text }: { text: string }) {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.9em] text-rust">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

export function BlogsPage() {
  return (
    <div className="bg-base-200">
      <header className="bg-slate-900 py-14 text-center sm:py-20">
        <p className="text-sm font-bold tracking-[0.2em] text-safety uppercase">From the Torque workshop</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-white sm:text-5xl">POPULAR BLOGS</h1>
        <p className="mx-auto mt-4 max-w-2xl px-4 text-slate-300">
          The questions our web team gets asked most, answered by the developers who build this store.
        </p>
      </header>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {blogPosts.map((post, index) => (
          <article
            key={post.id}
            aria-labelledby={`${post.id}-question`}
            className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8"
          >
            <div className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-lg font-black text-primary-content"
              >
                {index + 1}
              </span>
              <h2 id={`${post.id}-question`} className="text-xl font-bold text-slate-900 sm:text-2xl">
                <WithInlineCode text={post.question} />
              </h2>
            </div>
            <div className="mt-4 space-y-3 leading-relaxed text-slate-700 sm:pl-14">
              {post.answer.map((paragraph, paragraphIndex) => (
                <p key={paragraphIndex}>
                  <WithInlineCode text={paragraph} />
                </p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
