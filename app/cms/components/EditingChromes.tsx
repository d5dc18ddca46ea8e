import type { ReactNode } from 'react';
import { DEFAULT_PLACEHOLDER_UID, isFieldEmpty, PAGES_EDITING_MARKER, useEditing } from '../editing.ts';

/**
 * Metadata mode's markup, as @sitecore-jss/sitecore-jss-react 22 emits it (PlaceholderMetadata,
 * FieldMetadata, DefaultEmptyFieldEditingComponents, MissingComponent, HiddenRendering,
 * EditingScripts): Pages' canvas finds placeholders, renderings and fields by these `<code>`
 * markers. The package itself needs React 19 (decision 0077); EditingChromes.test.tsx holds its
 * expected markup. Nothing here renders outside the editing route.
 */

type ChromeType = 'placeholder' | 'rendering' | 'field';

function Marker({ chrometype, kind, id, children }: { chrometype: ChromeType; kind: 'open' | 'close'; id?: string; children?: string }) {
  // In JSS's attribute order; chrometype and kind are no HTML attributes React types know.
  const attributes: Record<string, string> = { type: 'text/sitecore', chrometype, className: 'scpm', kind, ...(id !== undefined ? { id } : {}) };
  return <code {...attributes}>{children}</code>;
}

/** A placeholder's chromes: id `<name>_<uid of the rendering holding it>` (the route's: all zeros). */
export function PlaceholderChrome({ name, ownerUid, children }: { name: string; ownerUid?: string; children: ReactNode }) {
  return (
    <>
      <Marker chrometype="placeholder" kind="open" id={`${name}_${ownerUid || DEFAULT_PLACEHOLDER_UID}`} />
      {children}
      <Marker chrometype="placeholder" kind="close" />
    </>
  );
}

/** A rendering's chromes: id its uid. */
export function RenderingChrome({ uid, children }: { uid: string | undefined; children: ReactNode }) {
  return (
    <>
      <Marker chrometype="rendering" kind="open" id={uid ?? ''} />
      {children}
      <Marker chrometype="rendering" kind="close" />
    </>
  );
}

/** JSS's DefaultEmptyFieldEditingComponentText. */
export function EmptyTextField() {
  return <span>[No text in field]</span>;
}

const EMPTY_IMAGE_STYLE = { minWidth: '48px', minHeight: '48px', maxWidth: '400px', maxHeight: '400px', cursor: 'pointer' };
const EMPTY_IMAGE_SRC =
  'data:image/svg+xml,%3Csvg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" viewBox="0 0 240 240" style="enable-background:new 0 0 240 240;" xml:space="preserve"%3E%3Cstyle type="text/css"%3E .st0%7Bfill:none;%7D .st1%7Bfill:%23969696;%7D .st2%7Bfill:%23FFFFFF;%7D .st3%7Bfill:%23FFFFFF;stroke:%23FFFFFF;stroke-width:0.75;stroke-miterlimit:10;%7D%0A%3C/style%3E%3Cg%3E%3Crect class="st0" width="240" height="240"/%3E%3Cg%3E%3Cg%3E%3Crect x="20" y="20" class="st1" width="200" height="200"/%3E%3C/g%3E%3Cg%3E%3Ccircle class="st2" cx="174" cy="67" r="14"/%3E%3Cpath class="st2" d="M174,54c7.17,0,13,5.83,13,13s-5.83,13-13,13s-13-5.83-13-13S166.83,54,174,54 M174,52 c-8.28,0-15,6.72-15,15s6.72,15,15,15s15-6.72,15-15S182.28,52,174,52L174,52z"/%3E%3C/g%3E%3Cpolyline class="st3" points="29.5,179.25 81.32,122.25 95.41,137.75 137.23,91.75 209.5,179.75 "/%3E%3C/g%3E%3C/g%3E%3C/svg%3E';

/** JSS's DefaultEmptyFieldEditingComponentImage. */
export function EmptyImageField() {
  return <img alt="" src={EMPTY_IMAGE_SRC} className="scEmptyImage" style={EMPTY_IMAGE_STYLE} />;
}

interface FieldWithMetadata {
  value?: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * A field as Pages edits it: with its metadata (JSS's withFieldMetadata) between field chromes, and
 * the empty-field placeholder where it has no value (withEmptyFieldEditingComponent). Outside edit
 * mode, or for a field the layout sent without metadata, the children alone, unchanged.
 */
export function FieldChrome({ field, empty = 'text', children }: { field: FieldWithMetadata | undefined; empty?: 'text' | 'image' | 'none'; children: ReactNode }) {
  const editing = useEditing();
  const metadata = field?.metadata;
  if (!editing?.chromes || !metadata) return <>{children}</>;
  const Empty = empty === 'image' ? EmptyImageField : empty === 'text' ? EmptyTextField : undefined;
  return (
    <>
      <Marker chrometype="field" kind="open">
        {JSON.stringify(metadata)}
      </Marker>
      {Empty && isFieldEmpty(field) ? <Empty /> : children}
      <Marker chrometype="field" kind="close" />
    </>
  );
}

/** Whether a field shows: it has a value, or Pages edits it (its empty-field placeholder then shows). */
export function useFieldShown(field: FieldWithMetadata | undefined): boolean {
  const editing = useEditing();
  return !isFieldEmpty(field) || Boolean(editing?.chromes && field?.metadata);
}

/**
 * A single-line text or number field's value: the bare text outside edit mode (the public page's bytes).
 * `inPlaceEditor` is the page editor's in-place editor of the field (PuckEditor.tsx hands it over
 * with the plain `value`); layout data, which is JSON, never carries one (not JSS's `editable`,
 * the Experience Editor's HTML string).
 */
export function FieldText({ field, format }: { field: (FieldWithMetadata & { inPlaceEditor?: ReactNode }) | undefined; format?: (text: string) => string }) {
  const value = field?.value;
  const text = value === undefined || value === null ? '' : String(value);
  return <FieldChrome field={field}>{field?.inPlaceEditor ?? (format ? format(text) : text)}</FieldChrome>;
}

/** JSS's MissingComponent: a rendering the site has no component for, visible to the editor. */
export function MissingComponent({ componentName, message }: { componentName: string; message?: string }) {
  return (
    <div className="editing-block editing-block--missing" style={{ background: 'darkorange', outline: '5px solid orange', padding: '10px', color: 'white', maxWidth: '500px' }}>
      <h2>{componentName || 'Unnamed Component'}</h2>
      <p>{message ?? 'JSS component is missing React implementation. See the developer console for more information.'}</p>
    </div>
  );
}

/** JSS's HiddenRendering: where the chosen personalization variant hides a rendering. */
export function HiddenRendering() {
  return (
    <div
      className="editing-block editing-block--hidden"
      style={{
        backgroundImage: 'linear-gradient(45deg, #ffffff 25%, #dcdcdc 25%, #dcdcdc 50%, #ffffff 50%, #ffffff 75%, #dcdcdc 75%, #dcdcdc 100%)',
        backgroundSize: '3px 3px',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        padding: '30px',
        color: '#aaa',
      }}
    >
      The component is hidden
    </div>
  );
}

/**
 * JSS's EditingScripts: Pages' client scripts and data in edit mode, with JSS's marker data script
 * (jss-hrz-editing) by which Pages' canvas knows the page speaks metadata mode. Data scripts are
 * JSON, never run, so the page's script policy needs no hash for them.
 */
export function EditingScripts({ clientScripts, clientData }: { clientScripts: readonly string[]; clientData: Record<string, Record<string, unknown>> }) {
  const data = { ...clientData, [PAGES_EDITING_MARKER]: {} };
  return (
    <>
      {clientScripts.map((src) => (
        <script key={src} src={src} />
      ))}
      {Object.entries(data).map(([id, value]) => (
        <script key={id} id={id} type="application/json" dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, '\\u003c') }} />
      ))}
    </>
  );
}
