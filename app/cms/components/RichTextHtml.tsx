import type { TextField } from '../fields.ts';
import { FieldChrome } from './EditingChromes.tsx';

/**
 * Rich text, already sanitized on the server (prepare-route.server.ts) for every field a component
 * declares in `richTextFields`. Only use this for fields declared there. In Pages' edit mode, between
 * field chromes (EditingChromes.tsx).
 */
export function RichTextHtml({ field, className }: { field: TextField | undefined; className?: string }) {
  const html = field?.value;
  return <FieldChrome field={field}>{typeof html !== 'string' || html === '' ? null : <div className={className} dangerouslySetInnerHTML={{ __html: html }} />}</FieldChrome>;
}
