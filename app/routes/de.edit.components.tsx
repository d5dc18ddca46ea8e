/** The component gallery in this language: the same route as /edit/components. */
export { action, ErrorBoundary, headers, loader, meta, default } from './edit.components.tsx';
