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
  });
}

// The server's HTML is the page: let the browser paint it before hydration takes the main
// thread (on a slow phone, hydrating first held the first paint back by about a second).
requestAnimationFrame(() => setTimeout(hydrate, 0));
