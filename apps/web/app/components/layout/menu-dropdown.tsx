import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { DeferredDropdownMenu } from '../ui/deferred-dropdown-menu';
import { Link } from '../ui/link';

export type MenuGroup = {
  id: number;
  title: string;
  href: string;
  children: { id: number; title: string; href: string }[];
};

/** A header menu (categories or styles): a button that opens a list of links. */
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
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation resets the chevron
  useEffect(() => setOpen(false), [pathname, search]);

  const grid = groups.some((group) => group.children.length > 0);
  return (
    <DeferredDropdownMenu
      onOpenChange={setOpen}
      contentProps={{ className: grid ? 'w-[36rem] columns-2 gap-4 p-3' : 'w-64 p-3' }}
      trigger={
        <button
          type="button"
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
      }
      content={(kit) =>
        groups.map((group) => (
          <kit.DropdownMenuGroup key={group.id} className="mb-2 break-inside-avoid">
            <kit.DropdownMenuItem asChild tone="strong" inset="compact">
              <Link to={group.href}>{group.title}</Link>
            </kit.DropdownMenuItem>
            {group.children.map((child) => (
              <kit.DropdownMenuItem key={child.id} asChild tone="muted" inset="nested">
                <Link to={child.href}>{child.title}</Link>
              </kit.DropdownMenuItem>
            ))}
            {allLabel && group.children.length > 0 ? (
              <kit.DropdownMenuItem asChild tone="accent" inset="nested">
                <Link to={group.href}>{allLabel(group.title)}</Link>
              </kit.DropdownMenuItem>
            ) : null}
          </kit.DropdownMenuGroup>
        ))
      }
    />
  );
}
