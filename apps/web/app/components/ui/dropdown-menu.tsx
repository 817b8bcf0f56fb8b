import * as Primitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';

/**
 * Menus of the design system on Radix: arrow keys and type-ahead between items, Escape and a
 * press outside close, focus goes back to the trigger. Items are links or actions (`onSelect`).
 */
export const DropdownMenu = Primitive.Root;
export const DropdownMenuTrigger = Primitive.Trigger;
export const DropdownMenuGroup = Primitive.Group;
export const DropdownMenuRadioGroup = Primitive.RadioGroup;

export function DropdownMenuContent({
  className = '',
  sideOffset = 8,
  align = 'start',
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={`z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] max-w-[calc(100vw-16px)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-xl outline-none ${className}`}
        {...props}
      />
    </Primitive.Portal>
  );
}

const itemClass =
  'block cursor-pointer select-none rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:opacity-50';

export function DropdownMenuItem({ className = '', ...props }: ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item className={`${itemClass} ${className}`} {...props} />;
}

export function DropdownMenuRadioItem({
  className = '',
  children,
  ...props
}: ComponentProps<typeof Primitive.RadioItem>) {
  return (
    <Primitive.RadioItem
      className={`${itemClass} flex items-center gap-2 pl-8 relative ${className}`}
      {...props}
    >
      <span className="absolute left-3 inline-flex w-3 justify-center" aria-hidden="true">
        <Primitive.ItemIndicator>
          <span className="block h-2 w-2 rounded-full bg-brand-600" />
        </Primitive.ItemIndicator>
      </span>
      {children}
    </Primitive.RadioItem>
  );
}

export function DropdownMenuLabel({ className = '', ...props }: ComponentProps<typeof Primitive.Label>) {
  return <Primitive.Label className={`px-3 py-2 text-sm text-slate-600 ${className}`} {...props} />;
}

export function DropdownMenuSeparator({
  className = '',
  ...props
}: ComponentProps<typeof Primitive.Separator>) {
  return <Primitive.Separator className={`my-1 h-px bg-slate-100 ${className}`} {...props} />;
}
