/**
 * The embedded identity provider's seeded accounts: one per group of REQ-AUTH-1, each with a
 * claim for every field of REQ-AUTH-7's loggedInUserProfileDetails. Passwords are the issue's defaults
 * (also in .env.example); this provider only ever runs on a developer's or CI's machine.
 */
interface SeededAccount {
  sub: string;
  email: string;
  password: string;
  groups: string[];
  given_name: string;
  family_name: string;
  company_name: string;
  phone_number: string;
  address: { street_address: string; address2: string; locality: string; region: string; postal_code: string; country: string };
  geo_region: string;
  business_unit: string;
  sample_approval_group: string;
  request_sample_region: string;
}

export const SEEDED_ACCOUNTS: SeededAccount[] = [
  {
    sub: 'u-admin-0001',
    email: 'admin@corp.example',
    password: 'admin-password',
    groups: ['Internal-Admin'],
    given_name: 'Ada',
    family_name: 'Admin',
    company_name: 'Voltaris Components',
    phone_number: '+1 312 555 0100',
    address: { street_address: '8755 W Higgins Rd', address2: 'Suite 500', locality: 'Chicago', region: 'IL', postal_code: '60631', country: 'US' },
    geo_region: 'Americas',
    business_unit: 'Electronics',
    sample_approval_group: 'Approvers',
    request_sample_region: 'Americas',
  },
  {
    sub: 'u-staff-0002',
    email: 'staff@corp.example',
    password: 'staff-password',
    groups: ['Internal-User'],
    given_name: 'Sam',
    family_name: 'Staff',
    company_name: 'Voltaris Components',
    phone_number: '+49 89 555 0200',
    address: { street_address: 'Leopoldstraße 10', address2: '', locality: 'München', region: 'BY', postal_code: '80802', country: 'DE' },
    geo_region: 'EMEA',
    business_unit: 'Automotive',
    sample_approval_group: 'Field Sales',
    request_sample_region: 'EMEA',
  },
  {
    sub: 'u-buyer-0003',
    email: 'buyer@customer.example',
    password: 'buyer-password',
    groups: ['External-User'],
    given_name: 'Bea',
    family_name: 'Buyer',
    company_name: 'Customer Devices Ltd',
    phone_number: '+81 3 5555 0300',
    address: { street_address: '1-2-3 Shibaura', address2: 'Floor 4', locality: 'Minato-ku', region: 'Tokyo', postal_code: '108-0023', country: 'JP' },
    geo_region: 'APAC',
    business_unit: 'Industrial',
    sample_approval_group: 'Customers',
    request_sample_region: 'APAC',
  },
  {
    // Edits pages in the page editor (/edit, issue 28) and nothing more.
    sub: 'u-editor-0004',
    email: 'editor@corp.example',
    password: 'editor-password',
    groups: ['editor'],
    given_name: 'Edie',
    family_name: 'Editor',
    company_name: 'Voltaris Components',
    phone_number: '+1 312 555 0400',
    address: { street_address: '8755 W Higgins Rd', address2: 'Suite 500', locality: 'Chicago', region: 'IL', postal_code: '60631', country: 'US' },
    geo_region: 'Americas',
    business_unit: 'Electronics',
    sample_approval_group: 'Marketing',
    request_sample_region: 'Americas',
  },
];

export function findSeededAccount(email: string, password?: string): SeededAccount | undefined {
  const account = SEEDED_ACCOUNTS.find((candidate) => candidate.email === email.trim().toLowerCase());
  if (!account) return undefined;
  return password === undefined || account.password === password ? account : undefined;
}

/** The claims each scope releases (standard OIDC claims plus the REQ-AUTH-7 profile fields). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name', 'company_name', 'business_unit', 'sample_approval_group', 'request_sample_region', 'geo_region', 'phone_number', 'locale'],
  address: ['address'],
  groups: ['groups'],
} as const;

export function claimsOf(account: SeededAccount): { sub: string } & Record<string, unknown> {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    name: `${account.given_name} ${account.family_name}`,
    given_name: account.given_name,
    family_name: account.family_name,
    company_name: account.company_name,
    business_unit: account.business_unit,
    sample_approval_group: account.sample_approval_group,
    request_sample_region: account.request_sample_region,
    geo_region: account.geo_region,
    phone_number: account.phone_number,
    address: { ...account.address, formatted: [account.address.street_address, account.address.address2, `${account.address.postal_code} ${account.address.locality}`, account.address.country].filter(Boolean).join('\n') },
    groups: account.groups,
  };
}
