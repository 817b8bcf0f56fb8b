import {
  type ComponentProps,
  cloneElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { loadOnce } from '../../lib/load-once';

type MenuKit = typeof import('./dropdown-menu');

// A failed download leaves the plain button; the next reach tries again.
const menuKit = loadOnce<MenuKit>(() => import('./dropdown-menu'));

// The server render has no layout to measure: the plain effect, which does not run there.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

type TriggerProps = ComponentProps<'button'>;

/**
 * A dropdown menu of the header, which is on every first load: the trigger renders at once as a
 * plain button, and the menu's code (Radix) starts loading when the visitor reaches for it
 * (pointer over, focus). The plain button becomes the Radix menu only when it is pressed, so no
 * press is lost to the swap; a press before the code has arrived opens the menu when it does.
 * From the keyboard (Enter, Space, Arrow Down) the menu opens on its first item, as Radix does.
 */
export function DeferredDropdownMenu({
  trigger,
  content,
  contentProps,
  onOpenChange,
}: {
  /** The trigger button, rendered the same before and after the menu code has loaded. */
  trigger: ReactElement<TriggerProps>;
  /** The items, built with the loaded kit (`kit.DropdownMenuItem`…). */
  content: (kit: MenuKit) => ReactNode;
  contentProps?: Omit<ComponentProps<MenuKit['DropdownMenuContent']>, 'children'>;
  onOpenChange?: (open: boolean) => void;
}) {
  const [kit, setKit] = useState<MenuKit | null>(null);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const refocusTrigger = useRef(false);
  const firstItemOnOpen = useRef(false);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  const prepare = () => {
    menuKit.load().catch(() => {});
  };

  const openFromPlainButton = (fromKeyboard: boolean) => {
    refocusTrigger.current = document.activeElement === triggerRef.current;
    firstItemOnOpen.current = fromKeyboard;
    changeOpen(true);
    const loaded = menuKit.loaded();
    if (loaded) setKit(loaded);
    else menuKit.load().then(setKit, () => changeOpen(false));
  };

  useIsomorphicLayoutEffect(() => {
    if (!kit) return;
    if (refocusTrigger.current) {
      refocusTrigger.current = false;
      triggerRef.current?.focus();
    }
    if (firstItemOnOpen.current) {
      firstItemOnOpen.current = false;
      // After Radix has moved the focus into the newly opened menu.
      requestAnimationFrame(() =>
        contentRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus(),
      );
    }
  }, [kit]);

  if (!kit) {
    return cloneElement(trigger, {
      ref: triggerRef,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      onPointerEnter: prepare,
      onFocus: prepare,
      onClick: (event: MouseEvent<HTMLButtonElement>) => openFromPlainButton(event.detail === 0),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        openFromPlainButton(true);
      },
    } as TriggerProps & { ref: typeof triggerRef });
  }

  return (
    <kit.DropdownMenu open={open} onOpenChange={changeOpen}>
      <kit.DropdownMenuTrigger asChild ref={triggerRef}>
        {trigger}
      </kit.DropdownMenuTrigger>
      <kit.DropdownMenuContent {...contentProps} ref={contentRef}>
        {content(kit)}
      </kit.DropdownMenuContent>
    </kit.DropdownMenu>
  );
}
