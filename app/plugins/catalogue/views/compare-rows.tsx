import { useTranslate } from '~/cms/use-site-shell.ts';
import { formatQuantity } from '~/lib/units.ts';
import type { PartSummary } from '../view-types.ts';
import { useLanguage } from './view-parts.tsx';

/**
 * The rows of a comparison an engineer checks beside the ratings (docs/decisions/0177): what the
 * part looks like, its datasheet, its package and its operating temperature range. Package and
 * temperature are compared like parameters (marked, and hidden with the equal rows); the picture
 * and datasheet are not comparisons and always show.
 */
export function CompareExtraRows({ parts, hideEqual }: { parts: PartSummary[]; hideEqual: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  const notGiven = t('catalogue.notGiven');
  const temperature = (part: PartSummary) => {
    const min = part.values.operatingtemperaturemin;
    const max = part.values.operatingtemperaturemax;
    if (min === undefined && max === undefined) return notGiven;
    return `${min === undefined ? '…' : formatQuantity(min, '°C', language)} … ${max === undefined ? '…' : formatQuantity(max, '°C', language)}`;
  };
  const compared = [
    { key: 'package', label: t('catalogue.package'), cell: (part: PartSummary) => part.packageDisplay || part.package || notGiven },
    { key: 'temperature', label: t('catalogue.operatingTemperature'), cell: temperature },
  ].map((row) => ({ ...row, cells: parts.map(row.cell) }));
  return (
    <>
      <tr>
        <th scope="row">{t('catalogue.image')}</th>
        {parts.map((part) => (
          <td key={part.partNumber}>{part.image ? <img src={part.image} alt={part.partNumber} width={64} height={64} loading="lazy" /> : notGiven}</td>
        ))}
      </tr>
      <tr>
        <th scope="row">{t('catalogue.datasheet')}</th>
        {parts.map((part) => (
          <td key={part.partNumber}>
            {part.datasheet ? (
              <a href={part.datasheet}>
                {t('catalogue.datasheet')}
                <span className="visually-hidden"> {part.partNumber}</span>
              </a>
            ) : (
              notGiven
            )}
          </td>
        ))}
      </tr>
      {compared.map((row) => {
        const differs = new Set(row.cells).size > 1;
        if (hideEqual && !differs) return null;
        return (
          <tr key={row.key} className={differs ? 'differs' : undefined}>
            <th scope="row">
              {row.label}
              {differs ? (
                <span className="differs-mark">
                  {' '}
                  ≠<span className="visually-hidden"> {t('catalogue.differs')}</span>
                </span>
              ) : null}
            </th>
            {row.cells.map((cell, i) => (
              <td key={parts[i]!.partNumber}>{cell}</td>
            ))}
          </tr>
        );
      })}
    </>
  );
}
