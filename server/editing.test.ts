import { describe, expect, it } from 'vitest';
import { crossSiteCookie, editingPolicy, sameSecret } from './editing.ts';

describe('the editing door (issue 32)', () => {
  it('compares secrets whole, whatever their lengths', () => {
    expect(sameSecret('local-editing-secret', 'local-editing-secret')).toBe(true);
    expect(sameSecret('local-editing-secre', 'local-editing-secret')).toBe(false);
    expect(sameSecret('', 'local-editing-secret')).toBe(false);
    expect(sameSecret('local-editing-secretX', 'local-editing-secret')).toBe(false);
  });

  it("replaces frame-ancestors 'none' with 'self' and the editors' origins, and lets Pages' scripts load", () => {
    const policy = editingPolicy("default-src 'self'; script-src 'self' 'sha256-x'; connect-src 'self'; frame-ancestors 'none'; object-src 'none'", ['https://pages.sitecorecloud.io', 'http://127.0.0.1:4201']);
    expect(policy).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x' https://pages.sitecorecloud.io http://127.0.0.1:4201; connect-src 'self' https://pages.sitecorecloud.io http://127.0.0.1:4201; object-src 'none'; frame-ancestors 'self' https://pages.sitecorecloud.io http://127.0.0.1:4201",
    );
  });

  it('sends cookies of editing answers SameSite=None; Secure, for the cross-site frame', () => {
    expect(crossSiteCookie('state=abc; Path=/; HttpOnly; SameSite=Lax')).toBe('state=abc; Path=/; HttpOnly; SameSite=None; Secure');
    expect(crossSiteCookie('a=1; Secure; samesite=strict')).toBe('a=1; SameSite=None; Secure');
  });
});
