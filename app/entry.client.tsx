import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
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
// the page as the server sent it, which works without JavaScript.
preloadDocumentModules().then(hydrate, (error: unknown) => console.error('page modules failed to load', error));
