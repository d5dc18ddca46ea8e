/**
 * The signed-in user as the rest of the site sees it (REQ-AUTH-1, REQ-AUTH-7). The sign-in issue fills it from
 * the ID token and the provider's profile claims; forms, search identity and analytics only read it.
 */
/** REQ-AUTH-1's groups, and `editor`: who may edit pages beside the administrators (issue 28). */
export const userGroups = ['Internal-Admin', 'Internal-User', 'External-User', 'editor'] as const;
export type UserGroup = (typeof userGroups)[number];

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'address1',
  'address2',
  'country',
  'region',
  'businessUnit',
  'sampleApprovalGroup',
  'state',
  'city',
  'street',
  'postalCode',
  'email',
  'phone',
  'requestSampleRegion',
] as const;

/** REQ-AUTH-7 `loggedInUserProfileDetails`; a field the provider does not supply is an empty string. */
export interface LoggedInUserProfileDetails {
  firstName: string;
  lastName: string;
  companyName: string;
  address1: string;
  address2: string;
  country: string;
  region: string;
  businessUnit: string;
  sampleApprovalGroup: string;
  state: string;
  city: string;
  street: string;
  postalCode: string;
  email: string;
  phone: string;
  requestSampleRegion: string;
}

export interface SessionUser {
  /** The provider's `sub`. */
  id: string;
  email: string;
  displayName: string;
  groups: UserGroup[];
  /** 'internal' when the e-mail ends with the configured internal domain suffix (REQ-AUTH-1). */
  type: 'internal' | 'external';
  profile: LoggedInUserProfileDetails;
}
