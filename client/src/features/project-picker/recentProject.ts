import { recentProjectStorageKey } from '@tandem/shared-types';
import type { PickedProject } from './projectPickerApi';

/** The project last chosen for this group and resource type (local storage), or null. */
export function readRecentProject(groupPath: string, resourceType: string): PickedProject | null {
  try {
    const raw = localStorage.getItem(recentProjectStorageKey(groupPath, resourceType));
    const v = raw ? (JSON.parse(raw) as Partial<PickedProject>) : null;
    return v && typeof v.path === 'string' && typeof v.name === 'string' ? { path: v.path, name: v.name, name_with_namespace: v.name_with_namespace ?? v.name } : null;
  } catch {
    return null;
  }
}

export function saveRecentProject(groupPath: string, resourceType: string, project: PickedProject): void {
  try {
    localStorage.setItem(recentProjectStorageKey(groupPath, resourceType), JSON.stringify(project));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}
