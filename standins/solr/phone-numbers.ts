import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';
import type { Random } from '../search/catalogue/random.ts';

/**
 * Telephone numbers of the offices, distributors and sales contacts: drawn digits after the
 * country's calling code and the city's area code, kept only when libphonenumber-js (full
 * metadata) says the number is valid in that country, and written in its international format
 * (+81 45-123-4567, +1 773 555 0123 reads as the country writes it).
 */

interface DialPlan {
  country: CountryCode;
  /** The national number's first digits: the area code of the office's city, and the exchange where one is required. */
  start: string;
  /** Digits of the national significant number in all. */
  length: number;
}

const DIAL_PLANS: Record<string, DialPlan> = {
  Germany: { country: 'DE', start: '89', length: 10 },
  France: { country: 'FR', start: '47', length: 9 },
  'United Kingdom': { country: 'GB', start: '118', length: 10 },
  Italy: { country: 'IT', start: '02', length: 10 },
  'United States': { country: 'US', start: '773', length: 10 },
  Canada: { country: 'CA', start: '416', length: 10 },
  Mexico: { country: 'MX', start: '81', length: 10 },
  Brazil: { country: 'BR', start: '113', length: 10 },
  China: { country: 'CN', start: '216', length: 10 },
  Japan: { country: 'JP', start: '45', length: 9 },
  Korea: { country: 'KR', start: '2', length: 9 },
  India: { country: 'IN', start: '804', length: 10 },
  Taiwan: { country: 'TW', start: '2', length: 9 },
  Singapore: { country: 'SG', start: '6', length: 8 },
};

/** The ISO 3166 code of a country the catalogue has offices in. */
export function phoneCountryOf(country: string): CountryCode | undefined {
  return DIAL_PLANS[country]?.country;
}

/** A valid number in the country, drawn from `random` (deterministic for a seed); throws for a country without a dial plan. */
export function phoneNumberIn(random: Random, country: string): string {
  const plan = DIAL_PLANS[country];
  if (!plan) throw new Error(`No dial plan for ${country}.`);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    let national = plan.start;
    while (national.length < plan.length) national += String(random.int(national.length === plan.start.length ? 2 : 0, 9));
    if (isValidPhoneNumber(national, plan.country)) return parsePhoneNumberWithError(national, plan.country).formatInternational();
  }
  throw new Error(`No valid number drawn for ${country}.`);
}
