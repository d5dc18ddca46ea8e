import { createContext, useContext } from 'react';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';

// Handed down by context, not imported: components that nest placeholders would otherwise import
// the registry that imports them.
const RegistryContext = createContext<ComponentRegistry | null>(null);
export const RegistryProvider = RegistryContext.Provider;

export function useRegistry(): ComponentRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a RegistryProvider above it');
  return registry;
}
