import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { formatQuantity } from '~/lib/units.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { readCompareParts, writeCompareParts } from '../compare-store.ts';
import { Breadcrumbs } from './shared.tsx';
import { compareSearch, MAX_COMPARE } from '../url-state.ts';
import type { CompareView } from '../view-types.ts';
import { useLanguage } from './view-parts.tsx';
import { CompareExtraRows } from './compare-rows.tsx';

export function ComparePage({ view }: { view: CompareView }) {
  const t = useTranslate();
  const language = useLanguage();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  const partNumbers = view.parts.map((p) => p.partNumber);
  const base = localizedPath(language, '/products/compare');
  const urlHasParts = new URLSearchParams(search).has('parts');
  // The URL is the truth when it names parts (a shared link); else the session's list is shown.
  useEffect(() => {
    if (!hydrated) return;
    if (urlHasParts) {
      if (partNumbers.join(',') !== readCompareParts().join(',')) writeCompareParts(partNumbers);
    } else if (readCompareParts().length) {
      navigate(`${base}${compareSearch(readCompareParts())}`, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the compared list changes
  }, [hydrated, partNumbers.join(','), urlHasParts]);
  const extra: Record<string, string> = view.hideEqual ? { equal: 'hide' } : {};
  const rows = view.hideEqual ? view.rows.filter((row) => row.differs) : view.rows;
  // The series and availability rows are rows like the parameters': hidden too when every part has the same.
  const seriesDiffer = new Set(view.parts.map((part) => part.series)).size > 1;
  const availabilityDiffers = new Set(view.parts.map((part) => `${part.inStock}|${part.sample}`)).size > 1;
  const addMessages: Record<string, string> = { compareFull: t('catalogue.compareFull'), unknownPart: t('catalogue.unknownPart'), partNumberInvalid: t('catalogue.partNumberInvalid') };
  const addMessage = view.addProblem ? (addMessages[view.addProblem] ?? view.addProblem) : undefined;
  return (
    <section className="catalogue catalogue--compare">
      <Breadcrumbs crumbs={[{ name: t('catalogue.compareTitle'), href: `${base}${compareSearch(partNumbers, extra)}` }]} />
      <h1>{t('catalogue.compareTitle')}</h1>
      {view.parts.length === 0 ? <p>{t('catalogue.compareEmpty')}</p> : null}
      {view.missing.length ? <p className="field-error">{t('catalogue.missingParts', { parts: view.missing.join(', ') })}</p> : null}
      {view.dropped ? <p className="field-error">{t('catalogue.compareFull')}</p> : null}
      {view.parts.length > 1 ? (
        <p>
          {view.hideEqual ? (
            <Link to={`${base}${compareSearch(partNumbers)}`}>{t('catalogue.showAllRows')}</Link>
          ) : (
            <Link to={`${base}${compareSearch(partNumbers, { equal: 'hide' })}`}>{t('catalogue.hideEqualRows')}</Link>
          )}
        </p>
      ) : null}
      {view.parts.length ? (
        <div className="table-scroll">
          <table className="compare-table">
            <caption className="visually-hidden">{t('catalogue.compareTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.parameter')}</th>
                {view.parts.map((part) => (
                  <th scope="col" key={part.partNumber}>
                    <Link to={part.href}>{part.partNumber}</Link>
                    <br />
                    <Link className="compare-remove" to={`${base}${compareSearch(partNumbers.filter((p) => p !== part.partNumber), extra)}`}>
                      {t('catalogue.remove')}
                      <span className="visually-hidden"> {part.partNumber}</span>
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.hideEqual && !seriesDiffer ? null : (
                <tr className={seriesDiffer ? 'differs' : undefined}>
                  <th scope="row">{t('catalogue.series')}</th>
                  {view.parts.map((part) => (
                    <td key={part.partNumber}>
                      <Link to={part.seriesHref}>{part.series}</Link>
                    </td>
                  ))}
                </tr>
              )}
              {view.hideEqual && !availabilityDiffers ? null : (
                <tr className={availabilityDiffers ? 'differs' : undefined}>
                  <th scope="row">{t('catalogue.availability')}</th>
                  {view.parts.map((part) => (
                    <td key={part.partNumber}>
                      {part.inStock ? t('catalogue.inStock') : t('catalogue.outOfStock')}
                      {part.sample ? ` · ${t('catalogue.samples')}` : ''}
                    </td>
                  ))}
                </tr>
              )}
              <CompareExtraRows parts={view.parts} hideEqual={view.hideEqual} />
              {rows.map((row) => (
                <tr key={row.parameter.field} className={row.differs ? 'differs' : undefined}>
                  <th scope="row">
                    {row.parameter.label}
                    {row.differs ? <span className="differs-mark"> ≠<span className="visually-hidden"> {t('catalogue.differs')}</span></span> : null}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={view.parts[i]!.partNumber} className="num">
                      {value === null ? '–' : formatQuantity(value, row.parameter.unit, language)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view.parts.length < MAX_COMPARE ? (
        <Form method="get" action={base} className="compare-add">
          {partNumbers.length ? <input type="hidden" name="parts" value={partNumbers.join(',')} /> : null}
          {view.hideEqual ? <input type="hidden" name="equal" value="hide" /> : null}
          <label htmlFor="compare-add">{t('catalogue.addPart')}</label>{' '}
          <input id="compare-add" name="add" defaultValue={view.add} maxLength={20} autoComplete="off" aria-invalid={addMessage ? true : undefined} aria-describedby={addMessage ? 'compare-add-error' : undefined} />{' '}
          <button type="submit">{t('catalogue.add')}</button>
          {addMessage ? (
            <p id="compare-add-error" className="field-error" role="alert">
              {addMessage}
            </p>
          ) : null}
        </Form>
      ) : null}
      {view.parts.length ? (
        <p>
          {t('catalogue.shareCompare')} <a className="compare-share" href={`${base}${compareSearch(partNumbers, extra)}`}>{`${base}${compareSearch(partNumbers, extra)}`}</a>
        </p>
      ) : null}
    </section>
  );
}
