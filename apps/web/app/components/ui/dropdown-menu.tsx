import * as Primitive from '@radix-ui/react-dropdown-menu';
import './style-nonce';
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

const itemBase =
  'cursor-pointer select-none rounded-md text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50';
const tones = {
  default: 'text-slate-700 data-[highlighted]:text-slate-900',
  strong: 'font-semibold text-slate-900',
  muted: 'text-slate-600 data-[highlighted]:text-slate-900',
  accent: 'text-xs font-medium text-brand-700',
  danger: 'text-red-700 data-[highlighted]:text-red-800',
};
const insets = { default: 'px-3 py-2', compact: 'px-2 py-1.5', nested: 'py-1 pl-4 pr-2' };

/** A menu entry; `tone` and `inset` instead of colour and padding classes, which would clash with these. */
export function DropdownMenuItem({
  className = '',
  tone = 'default',
  inset = 'default',
  ...props
}: ComponentProps<typeof Primitive.Item> & { tone?: keyof typeof tones; inset?: keyof typeof insets }) {
  return (
    <Primitive.Item className={`block ${itemBase} ${tones[tone]} ${insets[inset]} ${className}`} {...props} />
  );
}

export function DropdownMenuRadioItem({
  className = '',
  children,
  ...props
}: ComponentProps<typeof Primitive.RadioItem>) {
  return (
    <Primitive.RadioItem
      className={`relative flex items-center gap-2 py-2 pl-8 pr-3 ${itemBase} ${tones.default} ${className}`}
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
