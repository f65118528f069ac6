import { useEffect, useState } from 'react';
import { loadEmojiData, type EmojiData } from './emojiData';

/** The emoji data once loaded (null before, or when not `needed`); `failed` when its chunk could not load. */
export function useEmojiData(needed: boolean): { data: EmojiData | null; failed: boolean } {
  const [state, setState] = useState<{ data: EmojiData | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!needed || state.data) return;
    let live = true;
    loadEmojiData().then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState({ data: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [needed, state.data]);
  return state;
}
