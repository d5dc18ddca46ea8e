import { PACKAGE_OUTLINES, type Outline } from '@voltaris/catalogue/package-outlines';
import { slug } from '@voltaris/catalogue/taxonomy';

/**
 * The media library's product pictures, one per package (the index's productimageurl,
 * /media/products/<type>/<package>.svg): the body drawn to its outline's proportions in the way it
 * is built and connected (an SMD chip with its end terminations, a glass cartridge with its caps,
 * a varistor disc on radial leads, a TO-247 with tab and three legs...), 600 × 600 as the site's
 * product images are. No words in the picture: the page's alt text names the part.
 */

const SIZE = 600;
const METAL = '#b8bec6';
const METAL_DARK = '#8a96a3';
const MOULD = '#2b2f36';

const byPackageSlug = new Map(Object.entries(PACKAGE_OUTLINES).map(([name, outline]) => [slug(name), outline]));

/** Width and height of the drawn body in the picture: the outline's proportions, as large as fits. */
function fit(length: number, across: number, room = 360): [number, number] {
  const scale = room / Math.max(length, across);
  return [Math.max(length * scale, 40), Math.max(across * scale, 40)];
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra}/>`;
const lead = (x1: number, y1: number, x2: number, y2: number, width = 10) => `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}" stroke="${METAL}" stroke-width="${width}" stroke-linecap="round"/>`;

function drawing(outline: Outline): string {
  const c = SIZE / 2;
  const length = outline.length;
  const across = outline.shape === 'box' ? outline.width : outline.diameter;
  const tall = outline.shape === 'box' ? outline.height : outline.diameter;
  switch (outline.style) {
    case 'chip': {
      // Top view: the body between two plated end terminations.
      const [w, h] = fit(length, across);
      const cap = w * 0.16;
      return rect(c - w / 2, c - h / 2, w, h, '#3b3f46', ' rx="4"') + rect(c - w / 2, c - h / 2, cap, h, METAL, ' rx="4"') + rect(c + w / 2 - cap, c - h / 2, cap, h, METAL, ' rx="4"');
    }
    case 'molded-smd': {
      // Top view: the moulded body, its leads folded under at both ends, the cathode band.
      const [w, h] = fit(length, across, 320);
      return rect(c - w / 2 - 30, c - h / 4, w + 60, h / 2, METAL) + rect(c - w / 2, c - h / 2, w, h, MOULD, ' rx="6"') + rect(c - w / 2 + w * 0.08, c - h / 2, w * 0.07, h, '#d9dde2');
    }
    case 'cartridge': {
      // Side view: a glass or ceramic tube between two nickel-plated caps, the element inside.
      const [w, h] = fit(length, across);
      const cap = Math.max(w * 0.14, 30);
      return (
        rect(c - w / 2 + cap, c - h / 2, w - 2 * cap, h, '#dcebf5', ` stroke="${METAL_DARK}" stroke-width="3"`) +
        `<path d="M${c - w / 2 + cap} ${c}C${c - w / 6} ${c - h / 4} ${c + w / 6} ${c + h / 4} ${c + w / 2 - cap} ${c}" fill="none" stroke="#6b7480" stroke-width="3"/>` +
        rect(c - w / 2, c - h / 2 - 4, cap, h + 8, METAL, ' rx="5"') +
        rect(c + w / 2 - cap, c - h / 2 - 4, cap, h + 8, METAL, ' rx="5"')
      );
    }
    case 'blade': {
      // A blade fuse: the coloured housing on two flat blades.
      const [w, h] = fit(length, tall);
      return rect(c - w / 2, c - h / 2, w, h * 0.55, '#e7a32a', ' rx="10"') + rect(c - w / 2 + w * 0.1, c + h * 0.05, w * 0.25, h * 0.45, METAL) + rect(c + w / 2 - w * 0.35, c + h * 0.05, w * 0.25, h * 0.45, METAL);
    }
    case 'knife': {
      // NH: a square ceramic body with a knife contact at each end.
      const [w, h] = fit(length, tall, 400);
      return rect(c - w * 0.32, c - h / 2, w * 0.64, h, '#efe9dc', ` stroke="${METAL_DARK}" stroke-width="3" rx="6"`) + rect(c - w / 2, c - h * 0.12, w * 0.2, h * 0.24, METAL) + rect(c + w * 0.3, c - h * 0.12, w * 0.2, h * 0.24, METAL);
    }
    case 'disc': {
      // A varistor disc, coated blue, on two radial leads.
      const d = 320;
      return lead(c - d * 0.2, c + d * 0.3, c - d * 0.2, c + d * 0.85) + lead(c + d * 0.2, c + d * 0.3, c + d * 0.2, c + d * 0.85) + `<circle cx="${c}" cy="${c - 40}" r="${d / 2}" fill="#2e6fb5"/>`;
    }
    case 'axial': {
      // A body on two axial leads, the cathode band at one end.
      const [w, h] = fit(length, across, 260);
      return lead(40, c, c - w / 2, c) + lead(c + w / 2, c, SIZE - 40, c) + rect(c - w / 2, c - h / 2, w, h, MOULD, ` rx="${Math.min(h / 2, 30).toFixed(1)}"`) + rect(c - w / 2 + w * 0.1, c - h / 2, w * 0.1, h, '#d9dde2');
    }
    case 'radial': {
      // A small disc or bead on two radial leads.
      const d = 220;
      return lead(c - 40, c, c - 40, SIZE - 40) + lead(c + 40, c, c + 40, SIZE - 40) + `<ellipse cx="${c}" cy="${c - 60}" rx="${d / 2}" ry="${(d / 2) * Math.min(1, 0.5 + across / (2 * length + 1))}" fill="#c9772e"/>`;
    }
    case 'strap': {
      // A battery strap: the long thin PTC between two nickel tabs.
      const [w, h] = fit(length, across, 480);
      return rect(c - w / 2, c - h / 2, w, h, METAL) + rect(c - w * 0.3, c - h / 2 - 6, w * 0.6, h + 12, '#3b3f46', ' rx="4"');
    }
    case 'glass': {
      // A reed switch: two reeds overlapping inside a glass capsule, leads out of both ends.
      const [w, h] = fit(length, across * 3, 360);
      return (
        lead(30, c, c - w / 2, c, 6) +
        lead(c + w / 2, c, SIZE - 30, c, 6) +
        rect(c - w / 2, c - h / 2, w, h, '#e3f1e8', ` stroke="#7fa58c" stroke-width="3" rx="${(h / 2).toFixed(1)}"`) +
        lead(c - w / 2, c - 4, c + w * 0.08, c - 4, 6) +
        lead(c - w * 0.08, c + 4, c + w / 2, c + 4, 6)
      );
    }
    case 'transistor': {
      // Front view: the moulded body, the metal tab with its mounting hole above, three legs below.
      const [w, h] = fit(length, tall, 300);
      const top = c - h / 2 - 40;
      return (
        rect(c - w / 2, top - h * 0.35, w, h * 0.45, METAL, ' rx="4"') +
        `<circle cx="${c}" cy="${top - h * 0.12}" r="${(w * 0.12).toFixed(1)}" fill="#fff"/>` +
        rect(c - w / 2, top, w, h, MOULD, ' rx="4"') +
        [-0.3, 0, 0.3].map((at) => lead(c + at * w, top + h, c + at * w, SIZE - 30, 12)).join('')
      );
    }
    case 'tab-smd': {
      // Top view: the moulded body, the wide tab behind, the short legs in front.
      const [w, h] = fit(length, across, 300);
      return rect(c - w * 0.4, c - h / 2 - 50, w * 0.8, 60, METAL) + rect(c - w / 2, c - h / 2, w, h, MOULD, ' rx="4"') + [-0.3, 0.3].map((at) => rect(c + at * w - 12, c + h / 2, 24, 60, METAL)).join('');
    }
    case 'module': {
      // Top view: the housing with its screw terminals.
      const [w, h] = fit(length, across, 440);
      const screws = [-0.3, 0, 0.3].map((at) => `<circle cx="${(c + at * w).toFixed(1)}" cy="${c}" r="${Math.min(w, h) * 0.08}" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="4"/>`).join('');
      return rect(c - w / 2, c - h / 2, w, h, '#3d4450', ' rx="10"') + screws;
    }
    case 'din-rail': {
      // Front view: the narrow housing with terminals at top and bottom.
      const [w, h] = fit(length, tall, 460);
      const terminals = [c - h / 2 + 30, c + h / 2 - 30].map((y) => `<circle cx="${c}" cy="${y.toFixed(1)}" r="${Math.min(w * 0.22, 28).toFixed(1)}" fill="${METAL}" stroke="${METAL_DARK}" stroke-width="4"/>`).join('');
      return rect(c - w / 2, c - h / 2, w, h, '#d5d9de', ` stroke="${METAL_DARK}" stroke-width="4" rx="8"`) + rect(c - w / 2 + 8, c - 40, w - 16, 80, '#0a5cb8', ' rx="4"') + terminals;
    }
    case 'dip': {
      // Top view: the moulded body with its pins along both sides.
      const [w, h] = fit(length, across, 340);
      const pins = Math.max(2, Math.round(length / 2.54));
      const row = (y: number) => Array.from({ length: pins }, (_, i) => rect(c - w / 2 + ((i + 0.5) * w) / pins - 8, y, 16, 40, METAL)).join('');
      return row(c - h / 2 - 40) + row(c + h / 2) + rect(c - w / 2, c - h / 2, w, h, MOULD, ' rx="6"');
    }
    case 'sensor': {
      // A threaded or flanged sensor body with its cable.
      const [w, h] = fit(length, across, 360);
      return `<path d="M${c + w / 2} ${c}C${c + w / 2 + 60} ${c} ${SIZE - 60} ${c + 120} ${SIZE - 30} ${c + 160}" fill="none" stroke="#1f2328" stroke-width="14"/>` + rect(c - w / 2, c - h / 2, w, h, '#9aa4b0', ` stroke="${METAL_DARK}" stroke-width="4" rx="8"`);
    }
    default:
      return rect(c - 150, c - 100, 300, 200, MOULD);
  }
}

/** The SVG picture of a package by its slug ("disc-20-mm", "2410"), or undefined for a package the catalogue does not make. */
export function productPictureSvg(packageSlug: string): string | undefined {
  const outline = byPackageSlug.get(packageSlug);
  if (!outline) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" data-style="${outline.style}"><rect width="${SIZE}" height="${SIZE}" fill="#f4f6f8"/>${drawing(outline)}</svg>`;
}
