/** The page editor in this language (its pages' German or Japanese version): the same route as /edit. */
export { action, ErrorBoundary, headers, loader, meta, default } from './edit.$.tsx';
