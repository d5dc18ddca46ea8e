import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './catalogue/generate.ts';
import { DocumentCodecError, encodeDocuments, openDocuments } from './document-codec.ts';

/**
 * The snapshot's documents read back on demand (decision 0129): the same documents as written,
 * each made into objects only when asked for, one value readable without making its document,
 * and a damaged file refused when opened, not when a request later reaches the damage.
 */
describe('documents opened from their encoding', () => {
  const { documents } = generateCatalogue({ products: 400, seed: 11 });
  const encoded = encodeDocuments(documents);

  it('are the documents written, made only as they are asked for', () => {
    const opened = openDocuments<(typeof documents)[number]>(encoded);
    expect(opened.length).toBe(documents.length);
    expect(opened.documentsMade()).toBe(0);
    expect(opened.at(5)).toEqual(documents[5]);
    expect(opened.at(-1)).toEqual(documents.at(-1));
    expect(opened.documentsMade()).toBe(2);
    // Asked again, the same object: the engine keeps references to documents it has read.
    expect(opened.at(5)).toBe(opened.at(5));
    expect(opened.documentsMade()).toBe(2);
    expect(opened.at(documents.length)).toBeUndefined();
    expect(JSON.stringify([...opened])).toBe(JSON.stringify(documents));
    expect(opened.map((document) => document.path)).toEqual(documents.map((document) => document.path));
    expect(opened.documentsMade()).toBe(documents.length);
  });

  it('give one value of a document without making the document', () => {
    const opened = openDocuments<(typeof documents)[number]>(encoded);
    const product = documents.findIndex((document) => document.partNumber);
    expect(opened.valueAt(product, 'title', 'ja')).toBe(documents[product]!.title.ja);
    expect(opened.valueAt(product, 'fields', 'clickableuri')).toBe(documents[product]!.fields.clickableuri);
    expect(opened.valueAt(product, 'partNumber')).toBe(documents[product]!.partNumber);
    expect(opened.valueAt(product, 'fields')).toEqual(documents[product]!.fields);
    expect(opened.valueAt(product, 'fields', 'no such field')).toBeUndefined();
    expect(opened.valueAt(product, 'title', 'en', 'deeper')).toBeUndefined();
    expect(opened.valueAt(product, 'toString')).toBeUndefined();
    expect(opened.valueAt(documents.length, 'path')).toBeUndefined();
    expect(opened.documentsMade()).toBe(0);
    // Once made, the value comes from the document itself.
    const made = opened.at(product)!;
    expect(opened.valueAt(product, 'fields')).toBe(made.fields);
  });

  it('make every document in turns, each made once', async () => {
    const opened = openDocuments<(typeof documents)[number]>(encoded);
    const early = opened.at(3);
    await opened.makeAll(50);
    expect(opened.documentsMade()).toBe(documents.length);
    expect(opened.at(3)).toBe(early);
    expect(JSON.stringify([...opened])).toBe(JSON.stringify(documents));
  });

  it('are refused when opened if any reference is damaged, whichever document holds it', () => {
    const damaged = Buffer.from(encoded);
    // The last document's references sit near the end of the reference table, before the shapes.
    damaged.fill(0xff, damaged.length - 2000, damaged.length - 1900);
    expect(() => openDocuments(damaged)).toThrow(DocumentCodecError);
    expect(() => openDocuments(encoded.subarray(0, encoded.length - 8))).toThrow(DocumentCodecError);
  });
});
