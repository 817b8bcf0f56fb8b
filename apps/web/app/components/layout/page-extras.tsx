import { type ComponentType, lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { loadOnce } from '../../lib/load-once';

/**
 * Parts of the page that are rendered on the server like the rest but cost nothing on the first
 * load: their code comes in a chunk of its own once the page has started (decision 0014).
 *
 * An island keeps the server's HTML as it is until its code has arrived: in the browser it
 * renders the same wrapper with `dangerouslySetInnerHTML` left empty, which React neither
 * hydrates nor touches, and then puts the live component in its place. (A lazy component inside
 * Suspense would lose the server's HTML for a moment if an update reached it before its code
 * came.) Until then its links work as plain links.
 */
export function deferredIsland<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  className?: string,
) {
  // One request for every copy of the island (a list has one per tile).
  const code = loadOnce(load);
  const OnServer = lazy(() => code.load().then((component) => ({ default: component })));

  return function Island(props: Props) {
    // Loaded before (an island mounted later, after navigation): shown at once.
    const [Live, setLive] = useState<ComponentType<Props> | null>(() => code.loaded());
    useEffect(() => {
      if (Live) return;
      let mounted = true;
      // Not in the task that runs the page's effects: each island asks for its code in a task
      // of its own, and its live version is rendered as a transition, in slices React can
      // interrupt, so no single task holds the page's thread for long (decision 0019).
      const timer = setTimeout(() => {
        code.load().then(
          (component) => {
            if (mounted) startTransition(() => setLive(() => component));
          },
          () => {
            // No code (offline): the server's HTML stays, its links working as plain links.
          },
        );
      });
      return () => {
        mounted = false;
        clearTimeout(timer);
      };
    }, [Live]);
    if (Live) {
      return (
        <div className={className}>
          <Live {...props} />
        </div>
      );
    }
    if (typeof document === 'undefined') {
      return (
        <div className={className}>
          <Suspense fallback={null}>
            <OnServer {...props} />
          </Suspense>
        </div>
      );
    }
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose: the server's HTML stays until the code is here
      <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
    );
  };
}
