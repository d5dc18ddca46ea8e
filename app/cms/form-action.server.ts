import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { withFaultIds } from '~/lib/faults.server.ts';
import { data } from '@remix-run/node';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, type FormRefusal } from '~/lib/form-fields.ts';
import { methodNotAllowed, PAGE_METHODS, READ_ONLY_PAGE_METHODS, readForm, refusal } from '~/lib/http-errors.server.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import { withErrorPhrases } from './error-phrases.server.ts';
import { LANGUAGES } from './language.ts';
import { layoutFault, layoutPort } from './layout-reads.server.ts';
import type { PageLocation, ShellData } from './page-data.ts';
import { locatePage } from './page-location.server.ts';
import { loadShell } from './shell.server.ts';

// Form posts to CMS pages: each goes to the plugin of the rendering it names.

/** The page's renderings that take form posts. */
async function formRenderingsOf(request: Request, location: PageLocation, context: AppLoadContext): Promise<ComponentRendering[]> {
  let data;
  try {
    data = await layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    layoutFault(request, context, error, location);
  }
  return (data.sitecore.route?.placeholders?.['jss-main'] ?? []).filter(
    (entry): entry is ComponentRendering => 'componentName' in entry && serverRegistry.action(entry.componentName) !== undefined,
  );
}

/** Form posts to a CMS page go to the plugin of the rendering they name (`_component`). */
export function cmsPageAction(args: ActionFunctionArgs) {
  return withErrorPhrases(args.request, args.context, () => withFaultIds(args.request, args.context, 'the form post failed', () => formAction(args)));
}

/** The root route's own refusal (a post no page takes), in the page's language. */
export function refuseAtRoot(request: Request, context: AppLoadContext, refuse: (shell: ShellData) => unknown): Promise<never> {
  return withErrorPhrases(request, context, async () => {
    throw refuse(await loadShell(request, context));
  });
}

/**
 * The action of a page that takes no form (the header box's search, sign-in and its answer): a
 * method with a body is 405, on the error page in the page's language; without it Remix answers
 * that 405 itself, titled "Unexpected Server Error" (issue 31).
 */
export function readOnlyPageAction({ request, context }: ActionFunctionArgs): Promise<never> {
  return refuseAtRoot(request, context, (shell) => methodNotAllowed(READ_ONLY_PAGE_METHODS, shell));
}

async function formAction({ request, context }: ActionFunctionArgs) {
  // Forms post; PUT, PATCH and DELETE reach here too (Remix calls the action for them) and are
  // refused before the body is read (issue 19: 12 PUTs sent 12 receipt mails).
  if (request.method !== 'POST') throw methodNotAllowed(PAGE_METHODS);
  const location = locatePage(request, context);
  const form = await readForm(request);
  // The post goes to the form it names; one that names none, to the page's only form. Settings of
  // the rendering (its CMS fields) come from the layout, never from the post.
  const renderings = await formRenderingsOf(request, location, context);
  const named = String(form.get('_component') ?? '');
  const rendering = named ? renderings.find((entry) => entry.componentName === named) : renderings.length === 1 ? renderings[0] : undefined;
  const overLimit = context.formPostsOverLimit;
  if (overLimit) return tooManyPosts(form, rendering, overLimit.retryAfterSeconds);
  if (!rendering) throw methodNotAllowed(READ_ONLY_PAGE_METHODS);
  return serverRegistry.action(rendering.componentName)!({ request, context, language: location.language, form, rendering });
}

/** Fields a refused form gets back from the page itself, never from the post. */
const NOT_KEPT = new Set(['_component', HONEYPOT_FIELD, IDEMPOTENCY_FIELD]);

/**
 * A post past the form rate limit (server/form-guard.ts let it through marked): nothing is taken,
 * and the page answers 429 as every form answers a refusal, with the form, what the visitor typed
 * and the message by it, so a submission is never lost to the limit (decision 0150). It is the same
 * refusal (FormRefusal) for every form: each already shows `errors.form` and fills its fields from
 * `values`. A post that names no form of the page gets the error page, in the page's language.
 */
function tooManyPosts(form: FormData, rendering: ComponentRendering | undefined, retryAfterSeconds: number) {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (!rendering) throw refusal(429, 'error.tooMany', { headers });
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    // Form bodies are small (FORM_MAX_BYTES); a field's length is still bounded like the forms' own.
    if (typeof value === 'string' && !NOT_KEPT.has(name)) values[name] = value.slice(0, 4000);
  }
  return data<FormRefusal>({ component: rendering.componentName, errors: { form: 'forms.tooManyPosts' }, values }, { status: 429, headers });
}
