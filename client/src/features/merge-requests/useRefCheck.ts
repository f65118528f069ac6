import { useEffect, useRef, useState } from 'react';
import { MERGE_REQUEST_LIMITS } from '@tandem/shared-types';
import { fetchRefs } from './mergeRequestApi';

export type RefCheck = 'valid' | 'checking' | 'available' | 'unavailable' | 'failed';

/**
 * The dropdown's branch-name and source checks (spec §5): 500 ms after the last keystroke the
 * refs are searched; an empty input is valid. `mode` 'free' wants a name no branch has, 'exists'
 * a branch or tag that exists; `onPrefix` receives a completion when a ref starts with the text.
 */
export function useRefCheck(projectPath: string, value: string, mode: 'free' | 'exists', onPrefix?: (ref: string) => void): RefCheck {
  const [state, setState] = useState<RefCheck>('valid');
  const prefix = useRef(onPrefix);
  prefix.current = onPrefix;
  useEffect(() => {
    const text = value.trim();
    if (!text) {
      setState('valid');
      return;
    }
    setState('checking');
    let live = true;
    const timer = setTimeout(() => {
      fetchRefs(projectPath, text)
        .then((refs) => {
          if (!live) return;
          const all = [...refs.Branches, ...(mode === 'exists' ? refs.Tags : [])];
          const exact = all.includes(text);
          if (mode === 'free') setState(refs.Branches.includes(text) ? 'unavailable' : 'available');
          else {
            const completion = !exact ? all.find((r) => r.startsWith(text)) : undefined;
            if (completion) prefix.current?.(completion);
            setState(exact || completion ? 'available' : 'unavailable');
          }
        })
        .catch(() => live && setState('failed'));
    }, MERGE_REQUEST_LIMITS.refCheckDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [projectPath, value, mode]);
  return state;
}
