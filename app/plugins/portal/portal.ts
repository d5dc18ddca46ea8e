import type { UserGroup } from '~/auth/user.ts';

/** The partner portal's server data: who is signed in and the secured documents they may open. */
export interface PortalDocument {
  title: string;
  href: string;
  type: string;
  date?: number;
  /** The document's language (BCP 47): another than the page's is marked and named. */
  language: string;
}

export interface PartnerPortalData {
  account: {
    displayName: string;
    email: string;
    companyName: string;
    groups: UserGroup[];
    /** Internal-User or Internal-Admin: sees the staff section. */
    staff: boolean;
  };
  documents: { status: 'ok'; total: number; items: PortalDocument[] } | { status: 'unavailable' };
}

/** How many of the newest secured documents the portal lists. */
export const PORTAL_DOCUMENTS = 10;
