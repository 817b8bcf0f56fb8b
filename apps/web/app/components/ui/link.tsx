import { type AnchorHTMLAttributes, type Ref, useEffect } from 'react';
import { useNavigate } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this site: `/en/products/…`. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link within the site: a plain anchor, which the page's one click handler (`useLinkNavigation`,
 * in the root) turns into a navigation in the page. React Router's `<Link>` does the same with a
 * dozen hooks per link; the home page has over a hundred links, and hydrating all those hooks
 * would hold up the page's start (decision 0019). `data-discover` lets React Router learn the routes
 * behind the links ahead of a click, as it does for its own.
 */
export function Link({ to, ...rest }: LinkProps) {
  return <a href={to} data-discover="true" {...rest} />;
}

/**
 * Navigates in the page on a plain click of a link of this site, as React Router's links do: not
 * with a modifier key or another button, nor for a link that opens elsewhere or downloads, nor
 * when a handler of the link has already dealt with the click. A link to where the page already
 * is replaces the history entry rather than adding one.
 */
export function useLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[data-discover]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    };
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, [navigate]);
}
