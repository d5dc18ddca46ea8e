import type { TextField } from '../fields.ts';

/**
 * Rich text, already sanitized on the server (prepare-route.server.ts) for every field a component
 * declares in `richTextFields`. Only use this for fields declared there.
 */
export function RichTextHtml({ field, className }: { field: TextField | undefined; className?: string }) {
  const html = field?.value;
  if (typeof html !== 'string' || html === '') return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
