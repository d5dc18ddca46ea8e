import { createContext, useContext } from 'react';
import type { RenderingLookup } from '~/plugins/create-registry.ts';

// Handed down by context, not imported: components that nest placeholders would otherwise import
// the registry that imports them.
const RegistryContext = createContext<RenderingLookup | null>(null);
export const RegistryProvider = RegistryContext.Provider;

export function useRegistry(): RenderingLookup {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a RegistryProvider above it');
  return registry;
}
