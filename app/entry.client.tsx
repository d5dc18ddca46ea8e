import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { runBeforeHydration } from './lib/before-hydration.ts';
import { preloadDocumentModules } from './plugins/registry.browser.ts';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The page's renderings are fetched on demand (decision 0059); a module that fails to load leaves
// the page as the server sent it, which works without JavaScript. One-off set-up the modules ask
// for runs in tasks of its own first (before-hydration.ts).
preloadDocumentModules()
  .then(runBeforeHydration)
  .then(hydrate, (error: unknown) => console.error('page modules failed to load', error));
