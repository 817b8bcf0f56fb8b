import type { StaticPage } from '@promptmarket/contracts/content';

/** A static page's text: paragraphs, "## " lines as subheadings. Plain text only, never HTML. */
export function StaticPageBody({ page }: { page: Pick<StaticPage, 'title' | 'body'> }) {
  const blocks = page.body
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</h1>
      <div className="mt-8 space-y-5 text-base leading-7 text-slate-700">
        {blocks.map((block, index) =>
          block.startsWith('## ') ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a page never reorder
            <h2 key={index} className="pt-4 text-xl font-semibold text-slate-900">
              {block.slice(3)}
            </h2>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a page never reorder
            <p key={index}>{block}</p>
          ),
        )}
      </div>
    </article>
  );
}
