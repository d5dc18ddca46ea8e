import express from 'express';
import { landPatternOf } from '@voltaris/catalogue/land-patterns';
import type { DocumentList } from '../search/document-list.ts';
import { stepFile } from './step.ts';
import { kicadFootprint, kicadSymbol, zipArchive } from './kicad.ts';

/**
 * Embedded stand-in of the component-model (ECAD) service: by catalogue number it serves a
 * model file and an icon (REQ-PORT-5). The real service returns vendor CAD data; this one draws the
 * part's package: a STEP (AP214) file with one solid of the package body's outline dimensions
 * (step.ts, package-outlines.ts) with its leads, the KiCad footprint and symbol of the package's
 * land pattern (kicad.ts, land-patterns.ts), and an SVG icon. A number the catalogue does not issue
 * has no model (404). Paths: GET {base}/models/{catalogueNumber}[.kicad_mod|.kicad_sym|.zip] and
 * GET {base}/icons/{catalogueNumber}.svg.
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
  let partsByNumber: Map<string, { packageName: string; productType: string; datasheet: string }> | undefined;
  const parts = () => {
    if (partsByNumber) return partsByNumber;
    partsByNumber = new Map();
    for (const document of documents) {
      if (document.objecttype !== 'Product' || !document.partNumber) continue;
      const { fields } = document;
      partsByNumber.set(document.partNumber.toUpperCase(), { packageName: String(fields.package ?? ''), productType: String(fields.leveltwocategory ?? ''), datasheet: String(fields.datasheeturl ?? '') });
    }
    return partsByNumber;
  };
  const router = express.Router();
  const valid = (value: string) => CATALOGUE_NUMBER.test(value);
  // `{number}` is the STEP model; `.kicad_mod`, `.kicad_sym` and `.zip` (all three) its KiCad files.
  router.get(`${CAD_MODEL_BASE}/models/:file`, (req, res) => {
    const [, number = '', format = 'step'] = /^(.*?)(?:\.(kicad_mod|kicad_sym|zip))?$/.exec(req.params.file) ?? [];
    const part = valid(number) ? parts().get(number.toUpperCase()) : undefined;
    const pattern = part ? landPatternOf(part.packageName) : undefined;
    if (!part || !pattern) return res.status(404).json({ statusCode: 404, message: `No model for "${number}".` });
    const partNumber = number.toUpperCase();
    const fileName = partNumber.replace(/[^A-Za-z0-9.-]/g, '_');
    const kicad = { partNumber, productType: part.productType, pattern, ...(part.datasheet ? { datasheetUrl: part.datasheet } : {}) };
    const step = () => stepFile({ partNumber, packageName: part.packageName, outline: pattern.outline, terminals: pattern.terminals, timeStamp: MODEL_TIME_STAMP });
    const send = (extension: string, type: string, body: string | Buffer) =>
      res.set('Content-Disposition', `attachment; filename="${fileName}.${extension}"`).set('Cache-Control', 'public, max-age=86400').type(type).send(body);
    if (format === 'kicad_mod') return send('kicad_mod', 'text/plain', kicadFootprint(kicad));
    if (format === 'kicad_sym') return send('kicad_sym', 'text/plain', kicadSymbol(kicad));
    if (format === 'zip') {
      const files = [
        { name: `${fileName}.stp`, content: step() },
        { name: `${fileName}.pretty/${fileName}.kicad_mod`, content: kicadFootprint(kicad) },
        { name: `${fileName}.kicad_sym`, content: kicadSymbol(kicad) },
      ];
      return send('zip', 'application/zip', zipArchive(files, new Date(`${MODEL_TIME_STAMP}Z`)));
    }
    send('stp', 'model/step', step());
  });
  router.get(`${CAD_MODEL_BASE}/icons/:file`, (req, res) => {
    const number = req.params.file.replace(/\.svg$/, '');
    if (!req.params.file.endsWith('.svg') || !valid(number)) return res.status(404).json({ statusCode: 404, message: `No icon for "${number}".` });
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(icon(number));
  });
  return router;
}
