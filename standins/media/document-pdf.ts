import { landPatternOf } from '@voltaris/catalogue/land-patterns';
import { PRODUCT_TYPES, withPrefix, type ContentLanguage, type ParameterDefinition } from '@voltaris/catalogue/taxonomy';
import { conditionOf, dimensionLines, SECTION_LABELS, temperatureRange } from './datasheet-sections.ts';

/**
 * The embedded media library's documents: an A4 PDF generated from the document's index fields and
 * the catalogue parts it covers (title, series, a short description, a parameter table with the
 * parts' real ratings over as many pages as it takes, document number, revision and date; a
 * datasheet also its temperature range, measuring conditions and package dimensions, decision
 * 0174). The same input always gives
 * the same bytes, so the index's `size` is measured once when the catalogue is generated and the
 * file served later has exactly that length. The real media library serves the real files.
 *
 * Latin text uses the base-14 Helvetica (WinAnsi); Japanese and Chinese documents also use the
 * standard Adobe CJK fonts (HeiseiKakuGo-W5, STSong-Light) through the UCS-2 CMaps, which every
 * PDF reader has without an embedded font.
 */

const RESOURCE_KINDS = ['Datasheet', 'Application Note', 'Certificate', 'Brochure', 'Product Change Notice', 'Technical Paper'] as const;
type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface SheetPart {
  partNumber: string;
  values: Record<string, number>;
  /** The part's package (the catalogue's `package`): a datasheet draws its dimensions. */
  package?: string;
}

interface DocumentSheet {
  title: string;
  resourceType: string;
  language: ContentLanguage;
  /** English name of the product type (leveltwocategory): picks the table's parameters. */
  productType?: string;
  series?: string;
  approval?: string;
  equipment?: string;
  documentNumber: string;
  revision: string;
  /** Epoch ms of the revision. */
  date: number;
  parts: SheetPart[];
  /** The series' package, whose dimensions and land pattern a datasheet gives. */
  packageName?: string;
}

const LANGUAGE_BY_NAME: Record<string, ContentLanguage> = { English: 'en', German: 'de', Japanese: 'ja', Chinese: 'zh' };

/** A sheet from a document's index fields (as stored, or as the Search API returns them) and its parts. */
export function sheetFromFields(title: string, fields: Record<string, unknown>, parts: SheetPart[]): DocumentSheet {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const text = (value: unknown) => (typeof first(value) === 'string' ? String(first(value)) : undefined);
  const order = Array.isArray(fields.relatedparts) ? fields.relatedparts.map(String) : [];
  const byNumber = new Map(parts.map((part) => [part.partNumber.toUpperCase(), part]));
  const listed = order.map((number) => byNumber.get(number.toUpperCase())).filter((part): part is SheetPart => part !== undefined);
  const packageName = listed.find((part) => part.package)?.package;
  return {
    title,
    ...(packageName ? { packageName } : {}),
    resourceType: text(fields.resourcetype) ?? 'Datasheet',
    language: LANGUAGE_BY_NAME[text(fields.assetlanguage) ?? 'English'] ?? 'en',
    ...(text(fields.leveltwocategory) ? { productType: text(fields.leveltwocategory) } : {}),
    ...(text(fields.series) ? { series: text(fields.series) } : {}),
    ...(text(fields.agencyapprovals) ? { approval: text(fields.agencyapprovals) } : {}),
    ...(text(fields.endequipment) ? { equipment: text(fields.endequipment) } : {}),
    documentNumber: text(fields.documentnumber) ?? '',
    revision: text(fields.revision) ?? 'A',
    date: Number(fields.datemodified) || 0,
    // The listed order, whatever order the parts came back in.
    parts: listed,
  };
}

type Phrase = Record<ContentLanguage, string>;
const LABELS = {
  kind: {
    Datasheet: { en: 'Datasheet', de: 'Datenblatt', ja: 'データシート', zh: '数据表' },
    'Application Note': { en: 'Application Note', de: 'Applikationsschrift', ja: 'アプリケーションノート', zh: '应用笔记' },
    Certificate: { en: 'Certificate', de: 'Zertifikat', ja: '認証書', zh: '证书' },
    Brochure: { en: 'Brochure', de: 'Broschüre', ja: 'カタログ', zh: '产品手册' },
    'Product Change Notice': { en: 'Product Change Notice', de: 'Produktänderungsmitteilung', ja: '製品変更通知', zh: '产品变更通知' },
    'Technical Paper': { en: 'Technical Paper', de: 'Fachartikel', ja: '技術論文', zh: '技术文章' },
  } satisfies Record<ResourceKind, Phrase>,
  series: { en: 'Series', de: 'Baureihe', ja: 'シリーズ', zh: '系列' },
  number: { en: 'Document no.', de: 'Dokument-Nr.', ja: '文書番号', zh: '文件编号' },
  revision: { en: 'Revision', de: 'Revision', ja: '改訂', zh: '版本' },
  date: { en: 'Date', de: 'Datum', ja: '発行日', zh: '日期' },
  partNumber: { en: 'Part number', de: 'Artikelnummer', ja: '品番', zh: '型号' },
  table: {
    Datasheet: { en: 'Electrical characteristics', de: 'Elektrische Kennwerte', ja: '電気的特性', zh: '电气特性' },
    'Application Note': { en: 'Recommended parts', de: 'Empfohlene Bauteile', ja: '推奨部品', zh: '推荐器件' },
    Certificate: { en: 'Parts covered by this certificate', de: 'Vom Zertifikat erfasste Teile', ja: '本認証の対象部品', zh: '本证书涵盖的器件' },
    Brochure: { en: 'Series overview: one representative part per series', de: 'Baureihenübersicht: ein typisches Teil je Baureihe', ja: 'シリーズ一覧（各シリーズの代表品番）', zh: '系列概览（每个系列的代表型号）' },
    'Product Change Notice': { en: 'Affected parts', de: 'Betroffene Teile', ja: '対象部品', zh: '受影响的器件' },
    'Technical Paper': { en: 'Parts examined', de: 'Untersuchte Teile', ja: '評価対象部品', zh: '试验器件' },
  } satisfies Record<ResourceKind, Phrase>,
  none: { en: 'No parts are listed for this document.', de: 'Für dieses Dokument sind keine Teile aufgeführt.', ja: 'この文書に記載された部品はありません。', zh: '本文件未列出器件。' },
  note: {
    en: 'Values at 25 °C unless otherwise stated. Specifications are subject to change without notice; check the product page for the current data.',
    de: 'Werte bei 25 °C, sofern nicht anders angegeben. Änderungen vorbehalten; die aktuellen Daten stehen auf der Produktseite.',
    ja: '特記なき場合は25 °Cでの値です。仕様は予告なく変更されることがあります。最新データは製品ページでご確認ください。',
    zh: '除非另有说明，数值均为25 °C下的值。规格如有变更，恕不另行通知；最新数据请参阅产品页面。',
  },
  page: { en: 'Page {n} of {m}', de: 'Seite {n} von {m}', ja: '{n} / {m} ページ', zh: '第{n}页，共{m}页' },
};

function describe(sheet: DocumentSheet, type: (typeof PRODUCT_TYPES)[number] | undefined): string {
  const { language: lang, series = '', approval = '', equipment = '' } = sheet;
  const l2 = type ? type.l2[lang] : (sheet.productType ?? '');
  const count = sheet.parts.length;
  const texts: Record<ResourceKind, Phrase> = {
    Datasheet: {
      en: `The ${series} series of ${l2}. This datasheet gives the ratings of the ${count} parts of the series, their operating temperature range and the conditions under which each value is measured.`,
      de: `Die Baureihe ${series} (${l2}). Dieses Datenblatt nennt die Kennwerte der ${count} Teile der Baureihe, ihren Betriebstemperaturbereich und die Messbedingungen jedes Werts.`,
      ja: `${series}シリーズの${l2}。本データシートには、シリーズ${count}品番の定格、動作温度範囲および各値の測定条件を記載しています。`,
      zh: `${series}系列${l2}。本数据表列出该系列${count}个型号的额定值、工作温度范围以及各数值的测量条件。`,
    },
    'Application Note': {
      en: `How to choose and apply ${l2}${equipment ? ` in ${equipment}` : ''}: the fault cases to plan for, derating with temperature and the layout rules that keep the protection effective. The table lists parts that suit the design.`,
      de: `Auswahl und Einsatz von ${l2}${equipment ? ` in ${equipment}` : ''}: die zu berücksichtigenden Fehlerfälle, das Derating über der Temperatur und die Layoutregeln für einen wirksamen Schutz. Die Tabelle nennt geeignete Teile.`,
      ja: `${equipment ? `${equipment}における` : ''}${l2}の選定と使用方法：想定すべき故障モード、温度ディレーティング、保護効果を保つための基板レイアウト規則を解説します。表は設計に適した部品です。`,
      zh: `${equipment ? `${equipment}中` : ''}${l2}的选型与应用：需要考虑的故障情况、随温度的降额以及保证保护效果的布局规则。表中列出适合该设计的器件。`,
    },
    Certificate: {
      en: `Confirmation that the ${series} series meets the ${approval} requirements. The certificate covers the parts listed below as produced at the certified plants.`,
      de: `Bestätigung, dass die Baureihe ${series} die Anforderungen von ${approval} erfüllt. Das Zertifikat gilt für die unten aufgeführten, in den zertifizierten Werken gefertigten Teile.`,
      ja: `${series}シリーズが${approval}の要求事項に適合していることを証明します。認証工場で製造された下記部品が対象です。`,
      zh: `证明${series}系列符合${approval}要求。本证书适用于在认证工厂生产的下列器件。`,
    },
    Brochure: {
      en: `An overview of Voltaris ${l2}: the series, their ratings and the markets they are made for, with one representative part of each series.`,
      de: `Ein Überblick über die ${l2} von Voltaris: die Baureihen, ihre Kennwerte und Zielmärkte, mit je einem typischen Teil pro Baureihe.`,
      ja: `Voltarisの${l2}の概要：各シリーズの定格と対象市場を、シリーズごとの代表品番とともに紹介します。`,
      zh: `Voltaris ${l2}概览：各系列的额定值和目标市场，并列出每个系列的代表型号。`,
    },
    'Product Change Notice': {
      en: `Notice of a process change at the plant producing the ${series} series. Form, fit and function of the affected parts are unchanged; parts made after the date of this notice carry the new date code.`,
      de: `Mitteilung über eine Prozessänderung im Werk, das die Baureihe ${series} fertigt. Form, Passung und Funktion der betroffenen Teile bleiben unverändert; nach dem Datum dieser Mitteilung gefertigte Teile tragen den neuen Datumscode.`,
      ja: `${series}シリーズの製造工場における工程変更のお知らせです。対象部品の形状・実装互換性・機能に変更はありません。本通知日以降に製造された部品には新しいデートコードが付きます。`,
      zh: `关于${series}系列生产工厂工艺变更的通知。受影响器件的外形、安装和功能均不变；本通知日期之后生产的器件带有新的日期代码。`,
    },
    'Technical Paper': {
      en: `A study of ${l2} under accelerated stress: test conditions, observed failure modes and what they mean for the life of a design. The parts examined are listed below.`,
      de: `Eine Untersuchung von ${l2} unter beschleunigter Belastung: Prüfbedingungen, beobachtete Ausfallarten und ihre Bedeutung für die Lebensdauer einer Schaltung. Die untersuchten Teile sind unten aufgeführt.`,
      ja: `加速ストレス下における${l2}の評価：試験条件、観察された故障モード、および設計寿命への影響をまとめました。評価対象部品は下表のとおりです。`,
      zh: `${l2}加速应力研究：试验条件、观察到的失效模式及其对设计寿命的影响。试验器件列于下表。`,
    },
  };
  const kind = (RESOURCE_KINDS as readonly string[]).includes(sheet.resourceType) ? (sheet.resourceType as ResourceKind) : 'Datasheet';
  return texts[kind][lang];
}

/** A table cell: the catalogue's own notation (withPrefix), a dash where a part has no value. */
export function engineeringValue(value: number, unit: string): string {
  return Number.isFinite(value) ? withPrefix(value, unit) : '–';
}

// ---- PDF writing -------------------------------------------------------------------------------

/** WinAnsi bytes of the characters outside Latin-1 that the texts use. */
const WIN_ANSI: Record<string, number> = { '€': 0x80, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99 };

function isCjk(text: string): boolean {
  for (const c of text) if (c.charCodeAt(0) > 0xff && !(c in WIN_ANSI) && c !== 'Ω') return true;
  return false;
}

function latinString(text: string): string {
  let out = '';
  for (const c of text.replaceAll('Ω', 'Ohm')) {
    const code = c.charCodeAt(0);
    const byte = code < 256 ? code : (WIN_ANSI[c] ?? 0x3f);
    const ch = String.fromCharCode(byte);
    out += ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `(${out})`;
}

/** UCS-2 big-endian hex, as the UniJIS-UCS2-H and UniGB-UCS2-H CMaps read it. */
function ucs2String(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${out.toUpperCase()}>`;
}

/** Approximate advance in ems: Helvetica averages ~0.55 em, CJK glyphs are a full em. */
function emsOf(text: string): number {
  let em = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    em += code > 0x2e7f ? 1 : code === 32 ? 0.28 : (code >= 65 && code <= 90) || (code >= 48 && code <= 57) ? 0.64 : 0.52;
  }
  return em;
}

function widthOf(text: string, size: number): number {
  return emsOf(text) * size;
}

const TOKENS = /[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+/g;

/** Lines of at most `width` points: at spaces for Latin text, between any two CJK characters. */
function wrap(text: string, size: number, width: number): string[] {
  const limit = width / size;
  const lines: string[] = [];
  let line = '';
  let ems = 0;
  for (const token of text.match(TOKENS) ?? []) {
    const tokenEms = emsOf(token);
    if (line && ems + emsOf(token.trimEnd()) > limit) {
      lines.push(line.trimEnd());
      line = token.trimStart();
      ems = emsOf(line);
    } else {
      line += token;
      ems += tokenEms;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

const CJK_FONTS: Partial<Record<ContentLanguage, { name: string; cmap: string; ordering: string; supplement: number; bbox: string; descent: number }>> = {
  ja: { name: 'HeiseiKakuGo-W5', cmap: 'UniJIS-UCS2-H', ordering: 'Japan1', supplement: 2, bbox: '[-92 -250 1010 922]', descent: -221 },
  zh: { name: 'STSong-Light', cmap: 'UniGB-UCS2-H', ordering: 'GB1', supplement: 2, bbox: '[-25 -254 1000 880]', descent: -271 },
};

class Page {
  readonly ops: string[] = [];
  constructor(private readonly cjk: boolean) {}

  text(x: number, y: number, text: string, size: number, bold = false, color = '0.12 0.14 0.17') {
    if (!text) return;
    const cjk = this.cjk && isCjk(text);
    const font = cjk ? '/F3' : bold ? '/F2' : '/F1';
    this.ops.push(`BT ${color} rg ${font} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${cjk ? ucs2String(text) : latinString(text)} Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, fill: string) {
    this.ops.push(`${fill} rg ${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, gray = '0.75', width = 0.5) {
    this.ops.push(`${gray} G ${width} w ${x1.toFixed(1)} ${y1.toFixed(1)} m ${x2.toFixed(1)} ${y2.toFixed(1)} l S`);
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function pdfInfoString(text: string): string {
  // UTF-16BE with its byte-order mark: any script in the document information.
  let out = 'FEFF';
  for (let i = 0; i < text.length; i += 1) out += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${out}>`;
}

const MAX_COLUMNS = 5;
/** The lowest a table row or note line may reach before the page's footer (at 58 pt). */
const BOTTOM = 78;

/** The document as PDF bytes; a pure function of the sheet. */
export function documentPdf(sheet: DocumentSheet): Buffer {
  const lang = sheet.language;
  const cjkFont = CJK_FONTS[lang];
  const pages = [new Page(Boolean(cjkFont))];
  let page = pages[0]!;
  const type = PRODUCT_TYPES.find((candidate) => candidate.l2.en === sheet.productType);
  const kind = (RESOURCE_KINDS as readonly string[]).includes(sheet.resourceType) ? (sheet.resourceType as ResourceKind) : 'Datasheet';
  const left = 56;
  const right = 539;
  const width = right - left;

  // Header band: brand and the kind of document.
  page.rect(0, 790, 595, 52, '0.04 0.36 0.72');
  page.text(left, 810, 'VOLTARIS COMPONENTS', 14, true, '1 1 1');
  const kindName = LABELS.kind[kind][lang];
  page.text(right - widthOf(kindName, 11), 811, kindName, 11, false, '1 1 1');

  let y = 752;
  const nextPage = () => {
    pages.push((page = new Page(Boolean(cjkFont))));
    page.rect(0, 790, 595, 52, '0.04 0.36 0.72');
    page.text(left, 810, 'VOLTARIS COMPONENTS', 14, true, '1 1 1');
    page.text(right - widthOf(kindName, 11), 811, kindName, 11, false, '1 1 1');
    y = 760;
  };
  /** Room for `height` points on this page, else a new page. */
  const ensure = (height: number) => {
    if (y - height < BOTTOM) nextPage();
  };
  for (const line of wrap(sheet.title, 18, width)) {
    page.text(left, y, line, 18, true);
    y -= 24;
  }
  const meta = [
    sheet.series ? `${LABELS.series[lang]}: ${sheet.series}` : '',
    `${LABELS.number[lang]}: ${sheet.documentNumber}`,
    `${LABELS.revision[lang]}: ${sheet.revision}`,
    `${LABELS.date[lang]}: ${isoDate(sheet.date)}`,
  ].filter(Boolean);
  let x = left;
  for (const item of meta) {
    page.text(x, y, item, 9, false, '0.35 0.38 0.42');
    x += widthOf(item, 9) + 18;
  }
  y -= 10;
  page.line(left, y, right, y, '0.04 0.36 0.72', 1);
  y -= 22;
  for (const line of wrap(describe(sheet, type), 10.5, width)) {
    page.text(left, y, line, 10.5);
    y -= 15;
  }

  y -= 14;
  page.text(left, y, LABELS.table[kind][lang], 12.5, true);
  y -= 10;
  const parameters: ParameterDefinition[] = type ? [type.parameters.find((p) => p.field === type.primary)!, ...type.parameters.filter((p) => p.field !== type.primary)].slice(0, MAX_COLUMNS) : [];
  if (sheet.parts.length === 0 || parameters.length === 0) {
    y -= 16;
    page.text(left, y, LABELS.none[lang], 10);
  } else {
    const firstColumn = 92;
    const columnWidth = (width - firstColumn) / parameters.length;
    const xOf = (column: number) => (column === 0 ? left : left + firstColumn + (column - 1) * columnWidth);
    const headerHeight = 30;
    const headers = [LABELS.partNumber[lang], ...parameters.map((p) => `${p.label[lang]} (${p.unit === 'Ω' ? 'Ohm' : p.unit})`)];
    const tableHeader = () => {
      page.rect(left, y - headerHeight, width, headerHeight, '0.91 0.93 0.96');
      headers.forEach((header, column) => {
        const lines = wrap(header, 8, (column === 0 ? firstColumn : columnWidth) - 8).slice(0, 2);
        lines.forEach((line, index) => page.text(xOf(column) + 4, y - 12 - index * 10, line, 8, true));
      });
      y -= headerHeight;
    };
    tableHeader();
    const rowHeight = 17;
    // Every part of the sheet is listed: the table goes on over as many pages as it takes, each with its header.
    for (const part of sheet.parts) {
      if (y - rowHeight < BOTTOM) {
        nextPage();
        tableHeader();
      }
      const cells = [part.partNumber, ...parameters.map((p) => engineeringValue(part.values[p.field] ?? Number.NaN, p.unit))];
      cells.forEach((cell, column) => page.text(xOf(column) + 4, y - 12, cell, 9, column === 0));
      y -= rowHeight;
      page.line(left, y, right, y);
    }
  }
  if (kind === 'Datasheet' && type) {
    // Decision 0174: the range, the conditions and the package the description promises.
    y -= 24;
    ensure(40);
    page.text(left, y, SECTION_LABELS.temperature[lang], 12.5, true);
    y -= 17;
    page.text(left, y, `${SECTION_LABELS.temperature[lang]}: ${temperatureRange(type, sheet.parts.map((part) => part.values), lang)}`, 10.5);
    y -= 24;
    ensure(40 + 15 * Math.min(3, parameters.length));
    page.text(left, y, SECTION_LABELS.conditions[lang], 12.5, true);
    y -= 16;
    page.text(left + 4, y, SECTION_LABELS.parameter[lang], 8, true);
    page.text(left + 200, y, SECTION_LABELS.condition[lang], 8, true);
    y -= 4;
    page.line(left, y, right, y);
    for (const parameter of parameters) {
      ensure(15);
      y -= 12;
      page.text(left + 4, y, `${parameter.label[lang]} (${parameter.unit === 'Ω' ? 'Ohm' : parameter.unit})`, 9);
      page.text(left + 200, y, conditionOf(type, parameter), 9);
      y -= 3;
      page.line(left, y, right, y);
    }
    const pattern = sheet.packageName ? landPatternOf(sheet.packageName) : undefined;
    if (pattern) {
      const lines = dimensionLines(pattern, lang);
      const drawing = 90;
      y -= 24;
      ensure(24 + lines.length * 14 + drawing);
      page.text(left, y, SECTION_LABELS.dimensions[lang], 12.5, true);
      y -= 6;
      for (const line of lines) {
        y -= 14;
        page.text(left, y, line, 10);
      }
      // Top view of the body (light) and the land pattern's pads (dark), to scale, 1 mm = `scale` pt.
      const reach = (axis: 'x' | 'y') => Math.max(...pattern.pads.map((pad) => Math.abs(pad[axis]) + (axis === 'x' ? pad.width : pad.height) / 2));
      const [bodyX, bodyY] = pattern.outline.shape === 'box' ? [pattern.outline.length, pattern.outline.width] : [pattern.outline.length, pattern.outline.diameter];
      const spanX = Math.max(bodyX, 2 * reach('x'));
      const spanY = Math.max(bodyY, 2 * reach('y'));
      const scale = Math.min(220 / spanX, (drawing - 14) / spanY);
      const cx = left + 120;
      const cy = y - 10 - (drawing - 14) / 2;
      page.rect(cx - (bodyX / 2) * scale, cy - (bodyY / 2) * scale, bodyX * scale, bodyY * scale, '0.85 0.87 0.9');
      for (const pad of pattern.pads) page.rect(cx + (pad.x - pad.width / 2) * scale, cy + (pad.y - pad.height / 2) * scale, pad.width * scale, pad.height * scale, '0.72 0.45 0.2');
      y -= drawing;
    }
  }
  y -= 22;
  const note = wrap(LABELS.note[lang], 8.5, width);
  if (y - note.length * 12 < BOTTOM - 12) nextPage();
  for (const line of note) {
    page.text(left, y, line, 8.5, false, '0.35 0.38 0.42');
    y -= 12;
  }

  pages.forEach((one, index) => {
    one.line(left, 58, right, 58);
    one.text(left, 44, `© ${new Date(sheet.date).getUTCFullYear()} Voltaris Components  |  ${sheet.documentNumber} Rev. ${sheet.revision}`, 8, false, '0.35 0.38 0.42');
    const pageLabel = LABELS.page[lang].replace('{n}', String(index + 1)).replace('{m}', String(pages.length));
    one.text(right - widthOf(pageLabel, 8), 44, pageLabel, 8, false, '0.35 0.38 0.42');
  });

  const fonts = `/F1 5 0 R /F2 6 0 R${cjkFont ? ' /F3 8 0 R' : ''}`;
  // Objects 1 to 7 (10 with a CJK font) as before, the first page 3 and its content 4; further pages follow, page then content.
  const firstExtra = cjkFont ? 11 : 8;
  const pageIds = pages.map((_, index) => (index === 0 ? 3 : firstExtra + 2 * (index - 1)));
  const pageObject = (index: number) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${pageIds[index]! + 1} 0 R /Resources << /Font << ${fonts} >> >> >>`;
  const contentObject = (one: Page) => {
    const content = one.ops.join('\n');
    return `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  };
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    pageObject(0),
    contentObject(pages[0]!),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfInfoString(sheet.title)} /Author (Voltaris Components) /Subject ${pdfInfoString(kindName)} /CreationDate (D:${isoDate(sheet.date).replaceAll('-', '')}000000Z) >>`,
  ];
  if (cjkFont) {
    const { name, cmap, ordering, supplement, bbox, descent } = cjkFont;
    objects.push(
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /${cmap} /DescendantFonts [9 0 R] >>`,
      `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement ${supplement} >> /FontDescriptor 10 0 R /DW 1000 /W [1 95 500] >>`,
      `<< /Type /FontDescriptor /FontName /${name} /Flags 6 /FontBBox ${bbox} /ItalicAngle 0 /Ascent 880 /Descent ${descent} /CapHeight 700 /StemV 80 >>`,
    );
  }
  pages.slice(1).forEach((one, index) => objects.push(pageObject(index + 1), contentObject(one)));
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
