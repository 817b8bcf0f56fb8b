import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
    // From here on React answers a press anywhere on the page (hydrating first what was pressed).
    document.documentElement.dataset.started = '';
  });
}

// The server's HTML is the page, painted before this module is even fetched: it comes once the
// page has loaded (decision 0019), so hydration starts at once.
hydrate();
