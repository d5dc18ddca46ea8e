import type { CatalogueDocument } from './catalogue/generate.ts';
import { LazyDocuments, valueOn } from './document-codec.ts';

/**
 * The catalogue's documents as the stand-ins read them: the array the generator made, or the
 * snapshot's documents, made into objects as they are asked for (LazyDocuments, decision 0129).
 * A read-only array satisfies it.
 */
export interface DocumentList extends Iterable<CatalogueDocument> {
  readonly length: number;
  at(index: number): CatalogueDocument | undefined;
  forEach(callback: (document: CatalogueDocument, index: number) => void): void;
  map<U>(callback: (document: CatalogueDocument, index: number) => U): U[];
}

/**
 * One value of a document (`valueIn(documents, 7, 'fields', 'clickableuri')`): a walk over every
 * document that reads one value each makes none of them (LazyDocuments.valueAt).
 */
export function valueIn(documents: DocumentList, index: number, ...path: string[]): unknown {
  return documents instanceof LazyDocuments ? documents.valueAt(index, ...path) : valueOn(documents.at(index), path, 0);
}
