/**
 * The embedded media library's stand-in documents: a small, valid PDF (one page, Helvetica) naming
 * the document, generated on request. The real media library serves the real files; this one
 * lets every document link of the generated catalogue open something true to its metadata.
 */
function pdfText(text: string): string {
  // The base-14 fonts speak Latin-1; other characters are shown as '?'.
  return [...text].map((c) => (c.charCodeAt(0) < 256 ? c : '?')).join('').replace(/[\\()]/g, (c) => `\\${c}`);
}

export function documentPdf(lines: { title: string; details: string[] }): Buffer {
  const content = [`BT /F1 18 Tf 72 720 Td (${pdfText(lines.title)}) Tj`, ...lines.details.map((line) => `0 -24 Td /F1 11 Tf (${pdfText(line)}) Tj`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
