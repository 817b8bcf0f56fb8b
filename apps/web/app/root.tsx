import { DEFAULT_LOCALE } from '@promptmarket/contracts/locale';
import { type ReactNode, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ScrollToHash } from './components/layout/scroll-to-hash';
import { useLinkNavigation } from './components/ui/link';
import { useCspNonce } from './lib/csp-nonce';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Zod reads its settings from this global; set before its first schema is built. */
const ZOD_WITHOUT_EVAL =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<{ locale: string; texts: string }>('routes/locale-layout');
  const nonce = useCspNonce();
  return (
    // The client entry marks the page started (`data-started`) before React hydrates this element.
    <html lang={site?.locale ?? DEFAULT_LOCALE} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f0d1a" />
        {/* Before any module runs: zod must not probe for eval, which the Content-Security-Policy
            forbids (the probe alone is reported as a violation). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of our own, run under the nonce
          dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }}
        />
        {/* The language's texts (decision 0032): run before the page's modules, which wait for load. */}
        {site && <script src={site.texts} defer />}
        <Meta />
        {/* Stylesheets need no nonce; an empty one keeps React Router from adding the page's. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen">
        {children}
        {/* Before ScrollRestoration: its jump to an anchor is to glide (scroll-to-hash.tsx). */}
        <ScrollToHash />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLinkNavigation();
  // One rule for every form: a failed submission puts the focus on its first field in error. Its
  // code comes after the page has started, as nothing can be submitted before (decision 0019).
  useEffect(() => {
    let stop: (() => void) | null = null;
    let mounted = true;
    import('./components/ui/form-focus').then(
      (module) => {
        if (mounted) stop = module.focusFirstErrorAfterSubmit(document);
      },
      () => {
        // No code (offline): forms work, the focus stays where the visitor left it.
      },
    );
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
  return <Outlet />;
}

/** Last resort, when even the locale layout failed: plain text, no data needed. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-slate-600">
        <a className="text-brand-700 underline" href="/">
          PromptMarket
        </a>
      </p>
    </main>
  );
}
