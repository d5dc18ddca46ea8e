import { mediaLibrary } from '~/lib/media-library.server.ts';
import { contentLanguage } from '../catalogue/taxonomy.server.ts';
import { DESIGN_CENTER_APPLICATIONS, DESIGN_CENTER_MARKETS, findMarket, localized } from '@voltaris/catalogue/design-center-applications';
import type { ApplicationGuideData } from './view-types.ts';
import { card, type LoaderArgs } from './design-center.server.ts';

/** The ApplicationGuide rendering: every application, by market; `?market=` narrows it. */
export async function applicationGuideLoader({ request, context, language, markStatus }: LoaderArgs): Promise<ApplicationGuideData> {
  const media = await mediaLibrary(context);
  const lang = contentLanguage(language);
  const requested = new URL(request.url).searchParams.get('market')?.trim().toLowerCase() ?? '';
  const known = requested ? findMarket(requested) : undefined;
  if (requested && !known) markStatus(400);
  return {
    markets: DESIGN_CENTER_MARKETS.map((market) => ({
      slug: market.slug,
      name: localized(market.name, lang),
      applications: DESIGN_CENTER_APPLICATIONS.filter((application) => application.market === market).map((application) => card(application, language, media)),
    })),
    ...(known ? { market: known.slug } : {}),
    ...(requested && !known ? { unknownMarket: requested.slice(0, 60) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Parameter windows: the selection guide's rows and the relay list's entries name one parameter
// of a product type with a min and/or a max in its SI unit.
