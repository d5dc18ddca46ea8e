import type { ComponentRendering, HtmlElementRendering, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';
import { useTranslate } from '../use-site-shell.ts';
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

function Rendering({ entry, lead }: { entry: ComponentRendering | HtmlElementRendering; lead: boolean }) {
  const registry = useRegistry();
  if (!('componentName' in entry)) return null;
  // Unknown names render nothing; the loader already logged a warning on the server.
  const definition = registry.getComponent(entry.componentName);
  if (!definition) return null;
  // prepareRoute marked it on the server, from its manifest's datasource rule.
  if ((entry as ComponentRendering & { datasourceMissing?: true }).datasourceMissing) {
    return <DatasourceMessage componentName={entry.componentName} />;
  }
  const failure = (entry as ComponentRendering & { renderingError?: { errorId: string } }).renderingError;
  if (failure) return <RenderingError componentName={entry.componentName} errorId={failure.errorId} />;
  const { Component } = definition;
  const data = (entry as ComponentRendering & { data?: unknown }).data;
  return <Component rendering={entry} fields={entry.fields ?? {}} params={entry.params ?? {}} data={data} lead={lead} />;
}

/** Renders the renderings of one named placeholder, each by looking its componentName up in the registry. */
export function Placeholder({ name, placeholders }: { name: string; placeholders: PlaceholdersData | undefined }) {
  const entries = placeholders?.[name] ?? [];
  return (
    <>
      {entries.map((entry, index) => (
        <Rendering key={('uid' in entry && entry.uid) || `${name}-${index}`} entry={entry} lead={name === 'jss-main' && index === 0} />
      ))}
    </>
  );
}
