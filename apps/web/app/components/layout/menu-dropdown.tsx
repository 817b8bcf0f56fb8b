import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDismiss } from '../ui/use-dismiss';

export type MenuGroup = {
  id: number;
  title: string;
  href: string;
  children: { id: number; title: string; href: string }[];
};

/** A header menu (categories or styles): a button that opens a list of links, closed by Escape or a click outside. */
export function MenuDropdown({
  label,
  groups,
  allLabel,
}: {
  label: string;
  groups: MenuGroup[];
  allLabel?: (title: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [pathname, search]);
  useDismiss(container, open, () => setOpen(false));

  const grid = groups.some((group) => group.children.length > 0);
  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white"
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform duration-200 ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      {open ? (
        <div
          id={id}
          className={`absolute left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl ${grid ? 'w-[36rem] columns-2 gap-4' : 'w-64'}`}
        >
          {groups.map((group) => (
            <div key={group.id} className="mb-2 break-inside-avoid">
              <Link
                to={group.href}
                className="block rounded-md px-2 py-1.5 text-sm font-semibold hover:bg-slate-100"
              >
                {group.title}
              </Link>
              {group.children.length > 0 ? (
                <ul>
                  {group.children.map((child) => (
                    <li key={child.id}>
                      <Link
                        to={child.href}
                        className="block rounded-md px-2 py-1 pl-4 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                      >
                        {child.title}
                      </Link>
                    </li>
                  ))}
                  {allLabel ? (
                    <li>
                      <Link
                        to={group.href}
                        className="block rounded-md px-2 py-1 pl-4 text-xs font-medium text-brand-700 hover:underline"
                      >
                        {allLabel(group.title)}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
