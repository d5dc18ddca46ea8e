import type { Cookie } from '@remix-run/node';
import { parse } from 'cookie';

/**
 * A Remix cookie (unsigned) read and written without promises. Remix's parse and serialize chain
 * several promises per call; a copy of a page (decisions 0031, 0035) reads and writes these
 * cookies for every visitor it is served to, thousands of times a second. Unit tests hold `read`
 * equal to `cookie.parse` and `write` equal to `cookie.serialize`, Unicode included.
 */
export class SyncCookie {
  /** The attributes after the value (`; Max-Age=…; Path=/; …`), by `secure`: the same for every value. */
  private readonly attributes = new Map<boolean, string>();
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  constructor(private readonly cookie: Cookie) {
    if (cookie.isSigned) throw new Error(`cookie ${cookie.name} is signed: read it with Remix`);
  }

  get name(): string {
    return this.cookie.name;
  }

  /** What `await cookie.parse(header)` gives: null when absent, "" when empty, {} when undecodable. */
  read(header: string | null | undefined): unknown {
    if (!header) return null;
    const value = parse(header)[this.cookie.name];
    return value === undefined ? null : this.decode(value);
  }

  /** A value as the `cookie` package parsed it from a Cookie header (see LaterVisit.cookie). */
  decode(value: string): unknown {
    if (value === '') return '';
    try {
      // Remix's decodeURIComponent(escape(atob(value))) is a strict UTF-8 decoding of the base64's bytes.
      const binary = atob(value);
      const bytes = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
      return JSON.parse(this.utf8.decode(bytes));
    } catch {
      return {};
    }
  }

  /** What `cookie.serialize(value, { secure })` gives, once `serialize` ran for this `secure`. */
  write(value: unknown, secure: boolean): string | undefined {
    const attributes = this.attributes.get(secure);
    if (attributes === undefined) return undefined;
    // Remix's value: base64 of the JSON's UTF-8 bytes, then URI-encoded by the cookie package.
    const encoded = value === '' ? '' : encodeURIComponent(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'));
    return `${this.cookie.name}=${encoded}${attributes}`;
  }

  /** The same, learning the cookie's attributes from Remix the first time. */
  async serialize(value: unknown, secure: boolean): Promise<string> {
    if (!this.attributes.has(secure)) {
      const sample = await this.cookie.serialize('', { secure });
      this.attributes.set(secure, sample.slice(sample.indexOf(';')));
    }
    return this.write(value, secure)!;
  }
}
