import * as Primitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';

/** Tabs of the design system on Radix: arrow keys move between tabs, each panel is labelled by its tab. */
export const Tabs = Primitive.Root;

export function TabsList({ className = '', ...props }: ComponentProps<typeof Primitive.List>) {
  return (
    <Primitive.List
      className={`flex gap-1 overflow-x-auto border-b border-slate-200 ${className}`}
      {...props}
    />
  );
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof Primitive.Trigger>) {
  return (
    <Primitive.Trigger
      className={`-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = '', ...props }: ComponentProps<typeof Primitive.Content>) {
  return <Primitive.Content className={`pt-4 outline-none ${className}`} {...props} />;
}
