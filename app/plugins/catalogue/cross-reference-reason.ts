import type { SiteLanguage } from '~/cms/language.ts';
import type { Translate } from '~/cms/use-site-shell.ts';
import { formatQuantity } from '~/lib/units.ts';
import type { CrossReferenceMatch } from './view-types.ts';

/**
 * Why a cross-reference match is what it is, in words: its series or category, its rating against
 * the typed number's, its package, direction, tolerance and grade. The cross-reference page and
 * the search page's answer (decision 0161) say it the same way.
 */
export function crossReferenceReason(reason: CrossReferenceMatch['reason'], t: Translate, language: SiteLanguage): string {
  const quantity = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? '–' : formatQuantity(value, unit, language));
  return [
    reason.code === 'same' ? t('catalogue.reason.same') : t(`catalogue.reason.${reason.code}`, { name: reason.name ?? '' }),
    reason.parameter && reason.wanted !== undefined && reason.unit
      ? reason.sameRating
        ? t('catalogue.reason.sameRating', { parameter: reason.parameter, value: quantity(reason.value, reason.unit) })
        : t('catalogue.reason.rating', { parameter: reason.parameter, value: quantity(reason.value, reason.unit), wanted: quantity(reason.wanted, reason.unit) })
      : '',
    reason.package
      ? reason.wantedPackage && !reason.samePackage
        ? t('catalogue.reason.packageDiffers', { value: reason.package, wanted: reason.wantedPackage })
        : t('catalogue.reason.package', { value: reason.package })
      : '',
    reason.direction ? t(`catalogue.reason.direction.${reason.direction}`) : '',
    reason.tolerance ? t(`catalogue.reason.tolerance.${reason.tolerance}`) : '',
    reason.automotive !== undefined ? t(`catalogue.reason.automotive.${reason.automotive ? 'yes' : 'no'}`) : '',
  ]
    .filter(Boolean)
    .join('; ');
}
