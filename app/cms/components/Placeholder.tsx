import type { ComponentRendering, HtmlElementRendering, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';
import { useTranslate } from '../use-site-shell.ts';
import { HIDDEN_RENDERING_NAME, uidKey, useEditing, type EditingState } from '../editing.ts';
import { HiddenRendering, MissingComponent, PlaceholderChrome, RenderingChrome } from './EditingChromes.tsx';
import { useRegistry } from './registry-context.tsx';

/** REQ-CMS-3: the message for a content component without a chosen content item. */
export const DATASOURCE_REQUIRED_MESSAGE = 'Datasource is required. Please choose a content item for this component.';

export function DatasourceMessage({ componentName }: { componentName: string }) {
  const t = useTranslate();
  const phrase = t('cms.datasourceRequired');
  return (
    <div className="datasource-missing" role="alert" data-component={componentName}>
      {phrase === 'cms.datasourceRequired' ? DATASOURCE_REQUIRED_MESSAGE : phrase}
    </div>
  );
}

/** A rendering whose server data failed to load: the rest of the page renders, this part says so with its error reference. */
export function RenderingError({ componentName, errorId }: { componentName: string; errorId: string }) {
  const t = useTranslate();
  return (
    <div className="rendering-error" role="alert" data-component={componentName}>
      <p>{t('cms.renderingFailed')}</p>
      <p>
        {t('error.id')} <code>{errorId}</code>
      </p>
    </div>
  );
}

/** A rendering with the fields and params Pages sent by `component:update` (JSS's updateComponentHandler merge). */
function withUpdates(entry: ComponentRendering, editing: EditingState | null): ComponentRendering {
  const update = entry.uid ? editing?.updates[uidKey(entry.uid)] : undefined;
  if (!update) return entry;
  return { ...entry, fields: { ...entry.fields, ...(update.fields as ComponentRendering['fields']) }, params: { ...entry.params, ...update.params } };
}

function Rendering({ entry: given, lead }: { entry: ComponentRendering | HtmlElementRendering; lead: boolean }) {
  const registry = useRegistry();
  const editing = useEditing();
  if (!('componentName' in given)) return null;
  const entry = withUpdates(given, editing);
  // Editors see a hidden variant and an unknown component as blocks (issue 32); visitors see nothing.
  if (editing && entry.componentName === HIDDEN_RENDERING_NAME) return <HiddenRendering />;
  // Unknown names render nothing; the loader already logged a warning on the server.
  const definition = registry.getComponent(entry.componentName);
  if (!definition) return editing ? <MissingComponent componentName={entry.componentName} /> : null;
  // prepareRoute marked it on the server, from its manifest's datasource rule.
  if ((entry as ComponentRendering & { datasourceMissing?: true }).datasourceMissing) {
    return <DatasourceMessage componentName={entry.componentName} />;
  }
  const failure = (entry as ComponentRendering & { renderingError?: { errorId: string } }).renderingError;
  if (failure) return <RenderingError componentName={entry.componentName} errorId={failure.errorId} />;
  const { Component } = definition;
  const data = (entry as ComponentRendering & { data?: unknown }).data;
  // A container draws its own placeholders with this one, nested (decision 0104).
  const placeholder = (name: string) => <Placeholder name={name} placeholders={entry.placeholders} {...(entry.uid ? { ownerUid: entry.uid } : {})} />;
  return <Component rendering={entry} fields={entry.fields ?? {}} params={entry.params ?? {}} data={data} lead={lead} placeholder={placeholder} />;
}

/**
 * Renders the renderings of one named placeholder, each by looking its componentName up in the
 * registry; in Pages' edit mode between placeholder and rendering chromes (JSS's PlaceholderCommon).
 */
export function Placeholder({ name, placeholders, ownerUid }: { name: string; placeholders: PlaceholdersData | undefined; ownerUid?: string }) {
  const editing = useEditing();
  const entries = placeholders?.[name] ?? [];
  const renderings = entries.map((entry, index) => {
    const key = ('uid' in entry && entry.uid) || `${name}-${index}`;
    const rendering = <Rendering key={key} entry={entry} lead={name === 'jss-main' && index === 0} />;
    return editing?.chromes && 'componentName' in entry ? (
      <RenderingChrome key={key} uid={entry.uid}>
        {rendering}
      </RenderingChrome>
    ) : (
      rendering
    );
  });
  if (!editing?.chromes) return <>{renderings}</>;
  return (
    <PlaceholderChrome name={name} {...(ownerUid ? { ownerUid } : {})}>
      {renderings}
    </PlaceholderChrome>
  );
}
