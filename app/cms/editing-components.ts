import { registry } from '~/plugins/registry.ts';

/**
 * The components Pages may place (GET /api/editing/config), by the names the CMS uses: one function,
 * so the component manifest (issue 28) replaces the registry here alone.
 */
export function editingComponentNames(): string[] {
  return registry.componentNames();
}
