import { formatIssues, routeFileSchema, type RenderingInput, type RouteFile } from '@voltaris/content-files/content-schema';
import { checkRenderingFields, getComponentManifest, pagePlaceholders } from '~/plugins/manifest.ts';

/**
 * What publishing checks of a page before it writes its content file (issue 28): the content
 * schema, then each rendering against its manifest (decision 0073): it exists, its placeholder
 * allows it, its fields have their types and its required fields a value. React-free, so the CLI
 * may use it too.
 */

export interface PageProblem {
  /** componentName, or `page` for the route's own fields and the file's shape. */
  component: string;
  /** The field (dotted into lists), or what else is wrong (`placeholder`). */
  field: string;
  /** Where on the page: `jss-main #2`. */
  where: string;
  message: string;
}

export function describeProblem(problem: PageProblem): string {
  return `${problem.component} (${problem.where}) field "${problem.field}": ${problem.message}`;
}

export function validatePage(input: unknown): { route?: RouteFile; problems: PageProblem[] } {
  const parsed = routeFileSchema.safeParse(input);
  if (!parsed.success) return { problems: [{ component: 'page', field: '(file)', where: 'page', message: formatIssues(parsed.error) }] };
  const problems: PageProblem[] = [];
  const visit = (placeholders: Record<string, RenderingInput[]>, allowedIn: (placeholder: string) => readonly string[] | undefined, prefix: string) => {
    for (const [placeholder, renderings] of Object.entries(placeholders)) {
      const allowed = allowedIn(placeholder);
      renderings.forEach((rendering, index) => {
        const where = `${prefix}${placeholder} #${index + 1}`;
        const manifest = getComponentManifest(rendering.componentName);
        if (!manifest) {
          problems.push({ component: rendering.componentName, field: '(component)', where, message: 'no plugin provides this component' });
          return;
        }
        if (!allowed) problems.push({ component: rendering.componentName, field: '(placeholder)', where, message: `placeholder "${placeholder}" does not exist here` });
        else if (!allowed.includes(rendering.componentName)) problems.push({ component: rendering.componentName, field: '(placeholder)', where, message: `placeholder "${placeholder}" does not allow ${rendering.componentName}` });
        if (manifest.datasource === 'required' && !rendering.dataSource) problems.push({ component: manifest.name, field: '(datasource)', where, message: 'needs a content item (dataSource)' });
        for (const problem of checkRenderingFields(manifest, rendering.fields, { requireValues: manifest.datasource === 'required' })) problems.push({ ...problem, where });
        for (const param of Object.keys(rendering.params ?? {})) {
          const declared = manifest.params?.find((one) => one.name === param);
          const value = String(rendering.params![param]);
          if (!declared) problems.push({ component: manifest.name, field: `params.${param}`, where, message: `not a parameter of ${manifest.name}` });
          else if (value !== '' && !declared.options.includes(value)) problems.push({ component: manifest.name, field: `params.${param}`, where, message: `"${value}" is not one of ${declared.options.join(', ')}` });
        }
        if (rendering.placeholders) {
          const own = new Map((manifest.placeholders ?? []).map((one) => [one.name, one.allowed]));
          visit(rendering.placeholders, (name) => own.get(name), `${where} > `);
        }
      });
    }
  };
  const page = new Map(pagePlaceholders().map((one) => [one.name, one.allowed]));
  visit(parsed.data.placeholders, (name) => page.get(name), '');
  return { route: parsed.data, problems };
}
