import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { locatePage } from '~/cms/page-location.server.ts';
import { siteOrigins, localizedPath } from '~/cms/language.ts';
import { translator } from '~/cms/use-site-shell.ts';
import { findEvent } from '~/plugins/company/news-events.server.ts';
import { calendarFile } from '~/plugins/company/ics.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET {language prefix}/company/events/<id>/calendar.ics: the event as an iCalendar file for the
 * visitor's calendar, in the language of the page it was downloaded from.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, itemPath } = locatePage(request, context);
  const match = /^\/company\/events\/([^/]+)\/calendar\.ics$/.exec(itemPath);
  const t = translator(await loadDictionary(context, language));
  const plain = (status: number, message: string) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Language': language } });
  let event;
  try {
    event = match ? await findEvent(context, language, match[1]!) : undefined;
  } catch {
    return plain(503, t('events.calendarUnavailable'));
  }
  if (!event) return plain(404, t('events.calendarNotFound'));
  const url = new URL(request.url);
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  const body = calendarFile({
    // The same event in every language: one id for calendars to recognise it.
    uid: `${event.id}@events.voltaris-components`,
    start: new Date(event.start),
    end: new Date(event.end),
    summary: event.title,
    location: [event.booth ? t('events.booth', { booth: event.booth }) : '', event.venue, event.city].filter(Boolean).join(t('companyList.listSeparator')),
    description: event.body,
    url: `${language === 'zh' ? origins.zh : origins.global}${localizedPath(language, `/company/events/${event.id}`)}`,
    stamp: new Date(),
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${event.id}.ics"`,
      'Cache-Control': 'public, max-age=300',
    },
  });
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
