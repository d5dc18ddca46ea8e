import express from 'express';
import { outlineOf } from '@voltaris/catalogue/package-outlines';
import type { DocumentList } from '../search/document-list.ts';
import { stepFile } from './step.ts';

/**
 * Embedded stand-in of the component-model (ECAD) service: by catalogue number it serves a
 * model file and an icon (REQ-PORT-5). The real service returns vendor CAD data; this one draws the
 * part's package: a STEP (AP214) file with one solid of the package body's outline dimensions
 * (step.ts, package-outlines.ts), and an SVG icon. A number the catalogue does not issue has no
 * model (404). Paths: GET {base}/models/{catalogueNumber} and GET {base}/icons/{catalogueNumber}.svg.
 */

export const CAD_MODEL_BASE = '/cad-models/v1';

/** The service's own idea of a catalogue number: what the generated catalogue issues (4 to 10 letters, digits, hyphens, periods or spaces, one digit at least). */
const CATALOGUE_NUMBER = /^(?=.*\d)[A-Za-z0-9 .-]{4,10}$/;

function icon(catalogueNumber: string): string {
  const safe = catalogueNumber.replace(/[^A-Za-z0-9 -]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="ECAD model ${safe}"><rect x="6" y="14" width="36" height="20" rx="3" fill="#0a5cb8"/><rect x="1" y="21" width="5" height="6" fill="#8a96a3"/><rect x="42" y="21" width="5" height="6" fill="#8a96a3"/><text x="24" y="28" font-family="sans-serif" font-size="8" fill="#fff" text-anchor="middle">CAD</text></svg>`;
}

/** The files carry the catalogue's own date, so a model's bytes are the same on every start. */
const MODEL_TIME_STAMP = '2026-11-01T00:00:00';

export function createCadModelRouter({ documents }: { documents: DocumentList }) {
  // Built at the first request, not at start (decision 0107: a restart's time before it can answer).
  let packagesByPart: Map<string, string> | undefined;
  const packages = () => {
    if (packagesByPart) return packagesByPart;
    packagesByPart = new Map<string, string>();
    for (const document of documents) if (document.objecttype === 'Product' && document.partNumber) packagesByPart.set(document.partNumber.toUpperCase(), String(document.fields.package ?? ''));
    return packagesByPart;
  };
  const router = express.Router();
  const valid = (value: string) => CATALOGUE_NUMBER.test(value);
  router.get(`${CAD_MODEL_BASE}/models/:catalogueNumber`, (req, res) => {
    const number = req.params.catalogueNumber;
    const packageName = valid(number) ? packages().get(number.toUpperCase()) : undefined;
    const outline = packageName ? outlineOf(packageName) : undefined;
    if (!packageName || !outline) return res.status(404).json({ statusCode: 404, message: `No model for "${number}".` });
    const partNumber = number.toUpperCase();
    res
      .set('Content-Disposition', `attachment; filename="${partNumber.replace(/[^A-Za-z0-9.-]/g, '_')}.stp"`)
      .set('Cache-Control', 'public, max-age=86400')
      .type('model/step')
      .send(stepFile({ partNumber, packageName, outline, timeStamp: MODEL_TIME_STAMP }));
  });
  router.get(`${CAD_MODEL_BASE}/icons/:file`, (req, res) => {
    const number = req.params.file.replace(/\.svg$/, '');
    if (!req.params.file.endsWith('.svg') || !valid(number)) return res.status(404).json({ statusCode: 404, message: `No icon for "${number}".` });
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(icon(number));
  });
  return router;
}
