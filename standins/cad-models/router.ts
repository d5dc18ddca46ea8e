import { createHash } from 'node:crypto';
import express from 'express';

/**
 * Embedded stand-in of the component-model (ECAD) service: by catalogue number it serves a
 * model file and an icon (REQ-PORT-5). The real service returns vendor CAD data; this one generates a
 * deterministic placeholder: a minimal ISO 10303-21 (STEP) file naming the part, and an SVG icon.
 * Paths: GET {base}/models/{catalogueNumber} and GET {base}/icons/{catalogueNumber}.svg.
 */

export const CAD_MODEL_BASE = '/cad-models/v1';

/** The service's own idea of a catalogue number: what the generated catalogue issues (4 to 10 letters, digits, hyphens, periods or spaces, one digit at least). */
const CATALOGUE_NUMBER = /^(?=.*\d)[A-Za-z0-9 .-]{4,10}$/;

function stepFile(catalogueNumber: string): string {
  const stamp = '2026-11-01T00:00:00';
  const id = createHash('sha1').update(catalogueNumber).digest('hex').slice(0, 12);
  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION(('Placeholder ECAD model for ${catalogueNumber}'),'2;1');`,
    `FILE_NAME('${catalogueNumber}.stp','${stamp}',('Voltaris Components'),('Voltaris Components'),'embedded component-model service','','${id}');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    `#1=PRODUCT('${catalogueNumber}','${catalogueNumber}','placeholder model',(#2));`,
    "#2=PRODUCT_CONTEXT('',#3,'mechanical');",
    "#3=APPLICATION_CONTEXT('automotive_design');",
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

function icon(catalogueNumber: string): string {
  const safe = catalogueNumber.replace(/[^A-Za-z0-9 -]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="ECAD model ${safe}"><rect x="6" y="14" width="36" height="20" rx="3" fill="#0a5cb8"/><rect x="1" y="21" width="5" height="6" fill="#8a96a3"/><rect x="42" y="21" width="5" height="6" fill="#8a96a3"/><text x="24" y="28" font-family="sans-serif" font-size="8" fill="#fff" text-anchor="middle">CAD</text></svg>`;
}

export function createCadModelRouter() {
  const router = express.Router();
  const valid = (value: string) => CATALOGUE_NUMBER.test(value);
  router.get(`${CAD_MODEL_BASE}/models/:catalogueNumber`, (req, res) => {
    const number = req.params.catalogueNumber;
    if (!valid(number)) return res.status(404).json({ statusCode: 404, message: `No model for "${number}".` });
    res.set('Content-Disposition', `attachment; filename="${number}.stp"`).type('model/step').send(stepFile(number));
  });
  router.get(`${CAD_MODEL_BASE}/icons/:file`, (req, res) => {
    const number = req.params.file.replace(/\.svg$/, '');
    if (!req.params.file.endsWith('.svg') || !valid(number)) return res.status(404).json({ statusCode: 404, message: `No icon for "${number}".` });
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(icon(number));
  });
  return router;
}
