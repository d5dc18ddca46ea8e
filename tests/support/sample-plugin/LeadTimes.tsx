import { text, type TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '~/plugins/types.ts';

/** What the loader sends: the family's standard factory lead time. */
export interface LeadTimesData {
  family: string;
  weeks: number;
  asOf: string;
}

type Fields = { heading?: TextField; family?: TextField };

function LeadTimes({ fields, data: view }: RenderingProps<Fields, LeadTimesData>) {
  const t = useTranslate();
  return (
    <section className="lead-times" data-family={view.family}>
      <h2>{text(fields.heading) || t('leadTimes.heading')}</h2>
      <p>{t('leadTimes.weeks', { weeks: view.weeks })}</p>
      <p>{t('leadTimes.asOf', { date: view.asOf })}</p>
    </section>
  );
}

export const leadTimes: ComponentDefinition<LeadTimesData> = { name: 'LeadTimes', Component: LeadTimes };
