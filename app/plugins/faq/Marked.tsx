import { Fragment } from 'react';

/**
 * Solr's highlighting marks matches with `<em>`; the rest is the stored text, never markup. The
 * pieces are rendered as text, so nothing from the index becomes HTML.
 */
export function Marked({ value, fallback }: { value: string | undefined; fallback: string }) {
  if (!value) return <>{fallback}</>;
  const parts = value.split(/(<em>[\s\S]*?<\/em>)/);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith('<em>') && part.endsWith('</em>') ? <mark key={index}>{part.slice(4, -5)}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
