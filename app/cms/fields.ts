import type { ImageFieldValue } from './components/LazyImage.tsx';
import type { LinkFieldValue } from './links.ts';

/** Field shapes of LayoutServiceData (REQ-JSS-3), as the components read them. */
export interface TextField {
  value?: string | number;
}
export interface NumberField {
  value?: number | string;
}
export interface ImageField {
  value?: ImageFieldValue;
}
export interface LinkFieldData {
  value?: LinkFieldValue;
}
export interface ListItem<Fields> {
  id?: string;
  name: string;
  displayName?: string;
  fields: Fields;
}

export function text(field: TextField | undefined): string {
  const value = field?.value;
  return value === undefined || value === null ? '' : String(value);
}
