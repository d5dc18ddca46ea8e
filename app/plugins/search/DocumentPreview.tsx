import type { DocumentPreviewView } from './preview.ts';

/**
 * A document's quickview as a person reads it: the title, a few details in words (type, language,
 * size, dates in the page's language) and the document's text. The same component serves the
 * standalone preview page (/api/search/preview) and can sit in a dialog on the search page.
 */
export function DocumentPreview({ view, labels }: { view: DocumentPreviewView; labels: { details: string; open: string } }) {
  return (
    <article className="document-preview">
      <h1>{view.title}</h1>
      {view.details.length ? (
        <dl className="document-preview__details" aria-label={labels.details}>
          {view.details.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {view.href ? (
        <p>
          <a href={view.href}>{labels.open}</a>
        </p>
      ) : null}
      {/* Sanitized on the server (preview.server.ts readableText): reading structure only. */}
      <div className="document-preview__text" lang={view.textLanguage} dangerouslySetInnerHTML={{ __html: view.textHtml }} />
    </article>
  );
}

/** The preview page's own small stylesheet (served at /api/search/preview.css). */
export const DOCUMENT_PREVIEW_STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1b1f24; margin: 0; padding: 1.5rem; max-width: 48rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
.document-preview__details { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; padding: 0.75rem 1rem; background: #f4f6f8; border-radius: 6px; }
.document-preview__details div { display: contents; }
.document-preview__details dt { color: #5b6570; }
.document-preview__details dd { margin: 0; }
.document-preview__text { border-top: 1px solid #d9dee3; padding-top: 1rem; }
mark { background: #fff1a8; }
.preview-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; margin: -1.5rem -1.5rem 1.5rem; padding: 0.75rem 1.5rem; border-bottom: 1px solid #d9dee3; }
.preview-header__brand { font-weight: 700; color: #1b1f24; text-decoration: none; }
a { color: #0a5cb8; }
`;
