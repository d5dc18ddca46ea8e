import { useEffect } from 'react';
import { CategoryListing as CategoryListingNow } from './CategoryListing.tsx';
import type * as ListingExports from './CategoryListing.tsx';
import type { CategoryView } from './view-types.ts';

/** Where the listing's code lives (a module under app/plugins/), for the document's preloads. */
export const LISTING_MODULE = 'catalogue/CategoryListing.tsx';

type ListingModule = typeof ListingExports;

let listingModule: ListingModule | undefined;
let listingLoading: Promise<ListingModule> | undefined;

function loadListing(): Promise<ListingModule> {
  if (!listingLoading) {
    const loading = import('./CategoryListing.tsx').then((module) => (listingModule = module));
    // A failed fetch (a deploy replaced the chunk) may be retried by the next render.
    loading.catch(() => (listingLoading = undefined));
    listingLoading = loading;
  }
  return listingLoading;
}

/**
 * The listing's filters, index and table are code no other view needs: in the browser they are
 * their own chunk, so a part page does not load them first (it fetches them once idle). A
 * listing's document names that chunk for hydration (module-preloads.server.ts) and the registry
 * waits for `ready`, so the listing hydrates with the rest of the page, in one pass as before. A
 * client navigation to a listing before its code came suspends inside the navigation's transition,
 * as a rendering not yet loaded does (registry.browser.ts). The server renders it at once.
 */
// Outside Vite (sitectl and other tools load this file through tsx) `import.meta.env` is not
// defined: there, as on the server, the listing is imported at once.
const onServer = (import.meta.env as ImportMetaEnv | undefined)?.SSR ?? typeof document === 'undefined';

export const ready = !onServer && document.querySelector(`link[data-rendering-module="${LISTING_MODULE}"]`) ? loadListing() : undefined;

function ListingInBrowser({ view }: { view: CategoryView }) {
  if (!listingModule) throw loadListing();
  return <listingModule.CategoryListing view={view} />;
}

export const CategoryListing = onServer ? CategoryListingNow : ListingInBrowser;

/** Once a view other than the listing is shown, the browser fetches the listing's code when idle: a later listing does not wait for it. */
export function usePrefetchListing(skip: boolean) {
  useEffect(() => {
    if (skip) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadListing().catch(() => undefined));
    return () => cancel(handle);
  }, [skip]);
}
