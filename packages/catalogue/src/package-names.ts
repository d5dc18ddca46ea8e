import type { Localized } from './taxonomy.ts';

/**
 * A package as each language's datasheets write it: the catalogue indexes the English name
 * (`package`, the key of package-outlines.ts) and its words in the part's language
 * (`packagedisplayname`); the site names a Package filter's values with the same words.
 */

/** Package names with words in them, as each language's datasheets write them; the rest are codes. */
export const PACKAGE_LABELS: Record<string, Localized> = {
  'Radial disc': { en: 'Radial disc', de: 'Radiale Scheibe', ja: 'ラジアルディスク', zh: '径向圆片' },
  Strap: { en: 'Strap', de: 'Lötfahnen', ja: 'ストラップ', zh: '带状' },
  'Disc 7 mm': { en: 'Disc 7 mm', de: 'Scheibe 7 mm', ja: 'ディスク 7 mm', zh: '圆片 7 mm' },
  'Disc 10 mm': { en: 'Disc 10 mm', de: 'Scheibe 10 mm', ja: 'ディスク 10 mm', zh: '圆片 10 mm' },
  'Disc 14 mm': { en: 'Disc 14 mm', de: 'Scheibe 14 mm', ja: 'ディスク 14 mm', zh: '圆片 14 mm' },
  'Disc 20 mm': { en: 'Disc 20 mm', de: 'Scheibe 20 mm', ja: 'ディスク 20 mm', zh: '圆片 20 mm' },
  'Block 40 mm': { en: 'Block 40 mm', de: 'Block 40 mm', ja: 'ブロック 40 mm', zh: '方块 40 mm' },
  '5 × 5 mm (2-electrode)': { en: '5 × 5 mm (2-electrode)', de: '5 × 5 mm (zweipolig)', ja: '5 × 5 mm（2極）', zh: '5 × 5 mm（二极）' },
  '8 × 6 mm (2-electrode)': { en: '8 × 6 mm (2-electrode)', de: '8 × 6 mm (zweipolig)', ja: '8 × 6 mm（2極）', zh: '8 × 6 mm（二极）' },
  '8 × 10 mm (3-electrode)': { en: '8 × 10 mm (3-electrode)', de: '8 × 10 mm (dreipolig)', ja: '8 × 10 mm（3極）', zh: '8 × 10 mm（三极）' },
  '16 × 10 mm (2-electrode)': { en: '16 × 10 mm (2-electrode)', de: '16 × 10 mm (zweipolig)', ja: '16 × 10 mm（2極）', zh: '16 × 10 mm（二极）' },
  'Glass 7 mm': { en: 'Glass 7 mm', de: 'Glaskolben 7 mm', ja: 'ガラス管 7 mm', zh: '玻璃管 7 mm' },
  'Glass 10 mm': { en: 'Glass 10 mm', de: 'Glaskolben 10 mm', ja: 'ガラス管 10 mm', zh: '玻璃管 10 mm' },
  'Glass 14 mm': { en: 'Glass 14 mm', de: 'Glaskolben 14 mm', ja: 'ガラス管 14 mm', zh: '玻璃管 14 mm' },
  'Glass 20 mm': { en: 'Glass 20 mm', de: 'Glaskolben 20 mm', ja: 'ガラス管 20 mm', zh: '玻璃管 20 mm' },
  'SMD 10 mm': { en: 'SMD 10 mm', de: 'SMD 10 mm', ja: '表面実装 10 mm', zh: '贴片 10 mm' },
  'Flange mount': { en: 'Flange mount', de: 'Flanschgehäuse', ja: 'フランジ取付', zh: '法兰安装' },
  'Cylindrical M8': { en: 'Cylindrical M8', de: 'Zylindrisch M8', ja: '円筒形 M8', zh: '圆柱形 M8' },
  'Cylindrical M12': { en: 'Cylindrical M12', de: 'Zylindrisch M12', ja: '円筒形 M12', zh: '圆柱形 M12' },
  'Float stem': { en: 'Float stem', de: 'Schwimmerschaft', ja: 'フロートステム', zh: '浮子杆' },
  'SMD overmould': { en: 'SMD overmould', de: 'SMD, umspritzt', ja: '表面実装モールド', zh: '贴片注塑' },
  'Epoxy bead': { en: 'Epoxy bead', de: 'Epoxidperle', ja: 'エポキシビード', zh: '环氧珠' },
  'Glass-sealed DO-35': { en: 'Glass-sealed DO-35', de: 'Glasgehäuse DO-35', ja: 'ガラス封止 DO-35', zh: '玻璃封装 DO-35' },
  'Thin-film Pt element': { en: 'Thin-film Pt element', de: 'Pt-Dünnschichtelement', ja: '白金薄膜素子', zh: '铂薄膜元件' },
  'Probe with lug': { en: 'Probe with lug', de: 'Fühler mit Ringöse', ja: 'ラグ端子付きプローブ', zh: '带接线片探头' },
  '62 mm module': { en: '62 mm module', de: '62-mm-Modul', ja: '62 mmモジュール', zh: '62 mm模块' },
  '172 × 89 mm module': { en: '172 × 89 mm module', de: 'Modul 172 × 89 mm', ja: '172 × 89 mmモジュール', zh: '172 × 89 mm模块' },
  'DIN rail 22.5 mm': { en: 'DIN rail 22.5 mm', de: 'Hutschiene 22,5 mm', ja: 'DINレール 22.5 mm', zh: 'DIN导轨 22.5 mm' },
  'DIN rail 45 mm': { en: 'DIN rail 45 mm', de: 'Hutschiene 45 mm', ja: 'DINレール 45 mm', zh: 'DIN导轨 45 mm' },
  'DIN rail 45 mm, 3-pole': { en: 'DIN rail 45 mm, 3-pole', de: 'Hutschiene 45 mm, 3-polig', ja: 'DINレール 45 mm・3極', zh: 'DIN导轨 45 mm，三极' },
  'PCB 32 × 27 mm': { en: 'PCB 32 × 27 mm', de: 'Leiterplatte 32 × 27 mm', ja: '基板実装 32 × 27 mm', zh: 'PCB 32 × 27 mm' },
  '10 × 38 mm gPV': { en: '10 × 38 mm gPV, DC', de: '10 × 38 mm gPV, DC', ja: '10 × 38 mm gPV（直流）', zh: '10 × 38 mm gPV（直流）' },
  '10 × 85 mm gPV': { en: '10 × 85 mm gPV, DC', de: '10 × 85 mm gPV, DC', ja: '10 × 85 mm gPV（直流）', zh: '10 × 85 mm gPV（直流）' },
};

/** A package's name in the four languages; a code (0402, SOT-23) is the same in each, German writes a decimal comma. */
export function packageName(name: string): Localized {
  return Object.hasOwn(PACKAGE_LABELS, name) ? PACKAGE_LABELS[name]! : { en: name, de: name.replace(/(\d)\.(\d)/g, '$1,$2'), ja: name, zh: name };
}
