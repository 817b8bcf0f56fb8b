import * as Primitive from '@radix-ui/react-popover';
import './style-nonce';
import type { ComponentProps } from 'react';

/** A panel attached to its trigger (filters, pickers) on Radix: Escape and a press outside close it. */
export const Popover = Primitive.Root;
export const PopoverTrigger = Primitive.Trigger;
export const PopoverClose = Primitive.Close;

export function PopoverContent({
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
        className={`z-50 max-w-[calc(100vw-16px)] rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-xl outline-none ${className}`}
        {...props}
      />
    </Primitive.Portal>
  );
}
