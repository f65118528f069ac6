import { requestJson } from '../../shared/api/http';

/** POST {name} to the awardable's toggle path (noteablePaths().issueAward / noteAward(id)); true when the server accepted it. */
export async function postAwardToggle(toggleUrl: string, name: string): Promise<boolean> {
  try {
    const res = await requestJson<unknown>(toggleUrl, { method: 'POST', body: { name } });
    return res.ok;
  } catch {
    return false;
  }
}
