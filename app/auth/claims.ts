import { userGroups, type LoggedInUserProfileDetails, type SessionUser, type UserGroup } from './user.ts';

/**
 * The site's user from the ID token's claims: standard OIDC claims plus the provider's profile
 * claims, mapped onto REQ-AUTH-7's loggedInUserProfileDetails (a missing claim is an empty string).
 */
type Claims = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function userFromClaims(claims: Claims, internalEmailSuffix: string): SessionUser {
  const address = (typeof claims.address === 'object' && claims.address !== null ? claims.address : {}) as Claims;
  const email = text(claims.email).toLowerCase();
  const groups = (Array.isArray(claims.groups) ? claims.groups : []).filter((group): group is UserGroup => (userGroups as readonly unknown[]).includes(group));
  const profile: LoggedInUserProfileDetails = {
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    companyName: text(claims.company_name),
    address1: text(address.street_address),
    address2: text(address.address2),
    country: text(address.country),
    region: text(claims.geo_region),
    businessUnit: text(claims.business_unit),
    sampleApprovalGroup: text(claims.sample_approval_group),
    state: text(address.region),
    city: text(address.locality),
    street: text(address.street_address),
    postalCode: text(address.postal_code),
    email,
    phone: text(claims.phone_number),
    requestSampleRegion: text(claims.request_sample_region),
  };
  const displayName = text(claims.name) || [profile.firstName, profile.lastName].filter(Boolean).join(' ') || email;
  return {
    id: text(claims.sub),
    email,
    displayName,
    groups,
    type: email.endsWith(internalEmailSuffix.toLowerCase()) ? 'internal' : 'external',
    profile,
  };
}
