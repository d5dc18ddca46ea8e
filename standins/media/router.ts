import express, { type Router } from 'express';
import type { CatalogueDocument } from '../search/catalogue/generate.ts';
import type { DocumentList } from '../search/document-list.ts';
import { documentPdf, sheetFromFields, type SheetPart } from './document-pdf.ts';
import { productPictureSvg } from './product-pictures.ts';
import { thumbnailSvg } from './thumbnails.ts';

/**
 * The media library's embedded stand-in: the files behind the catalogue's links, made from the
 * same generated catalogue as the search index. `GET {base}/resources/<type>/<file>.pdf` (a
 * library document: one page with its title, series, description and a parameter table of the
 * parts it lists, exactly as long as the index's `size`; a series datasheet lists every part of
 * the series), `GET {base}/thumbnails/<type>.svg`, `GET {base}/products/packages/<package>.svg` (the
 * product picture of a package, product-pictures.ts); every request with the `x-api-key` header. It knows nothing
 * of visitors: the site's /media routes decide who may read a secured document and pass the rest on.
 */
export const MEDIA_LIBRARY_BASE = '/media-library';

const numericFields = (document: CatalogueDocument): SheetPart['values'] =>
  Object.fromEntries(Object.entries(document.fields).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));

export function createMediaLibraryStandIn(options: { documents: DocumentList; apiKey: string }): Router {
  // Looked up at the first request, not at start: a restart at 100,000 products spent tens of ms
  // here before the site could answer (decision 0107).
  let lookups: { byUri: Map<string, CatalogueDocument>; partsByNumber: Map<string, CatalogueDocument> } | undefined;
  const lookup = () => {
    if (lookups) return lookups;
    const byUri = new Map<string, CatalogueDocument>();
    const partsByNumber = new Map<string, CatalogueDocument>();
    for (const document of options.documents) {
      if (document.objecttype === 'Document' && typeof document.fields.clickableuri === 'string') byUri.set(document.fields.clickableuri, document);
      if (document.objecttype !== 'Product' || !document.partNumber) continue;
      partsByNumber.set(document.partNumber.toUpperCase(), document);
    }
    return (lookups = { byUri, partsByNumber });
  };

  const sheetPart = (part: CatalogueDocument): SheetPart => ({ partNumber: part.partNumber!, values: numericFields(part), package: String(part.fields.package ?? '') });
  const notFound = (res: express.Response) => res.status(404).type('text/plain').send('Not found');
  const pdf = (res: express.Response, file: Buffer, name: string) =>
    res.type('application/pdf').set('Content-Disposition', `inline; filename="${name}"`).send(file);

  const router = express.Router();
  router.use(MEDIA_LIBRARY_BASE, (req, res, next) => {
    if (req.get('x-api-key') !== options.apiKey) return void res.status(401).json({ statusCode: 401, message: 'A valid x-api-key header is required.' });
    next();
  });
  router.get(`${MEDIA_LIBRARY_BASE}/resources/*`, (req, res) => {
    const rest = req.path.slice(MEDIA_LIBRARY_BASE.length);
    const document = lookup().byUri.get(`/media${rest}`);
    if (!document) return notFound(res);
    const listed = Array.isArray(document.fields.relatedparts) ? document.fields.relatedparts.map(String) : [];
    const parts = listed.flatMap((number) => {
      const part = lookup().partsByNumber.get(number.toUpperCase());
      return part ? [sheetPart(part)] : [];
    });
    pdf(res, documentPdf(sheetFromFields(document.title[document.language ?? 'en'], document.fields, parts)), rest.split('/').at(-1)!);
  });
  router.get(`${MEDIA_LIBRARY_BASE}/products/packages/:file`, (req, res) => {
    const packageSlug = /^([a-z0-9-]{1,60})\.svg$/.exec(req.params.file ?? '')?.[1];
    const svg = packageSlug ? productPictureSvg(packageSlug) : undefined;
    if (!svg) return notFound(res);
    res.type('image/svg+xml').send(svg);
  });
  router.get(`${MEDIA_LIBRARY_BASE}/thumbnails/:file`, (req, res) => {
    const type = /^([a-z-]{1,40})\.svg$/.exec(req.params.file ?? '')?.[1];
    const svg = type ? thumbnailSvg(type) : undefined;
    if (!svg) return notFound(res);
    res.type('image/svg+xml').send(svg);
  });
  return router;
}
