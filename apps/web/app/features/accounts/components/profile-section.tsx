import type { ReactNode } from 'react';

/** What a form of the profile page says after an attempt: done, or why not. */
export type FormNotice = { kind: 'success' | 'error'; text: string } | null;

/** One titled part of the profile page; its id is the address's anchor for it. */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}
