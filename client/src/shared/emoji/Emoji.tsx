import { useState } from 'react';
import { EMOJI_IMAGES, emojiImageName } from '@tandem/shared-types';
import { emojiSupported } from './emojiSupport';
import './emoji.css';

/**
 * One emoji: its character where the system draws it, else (no emoji font: empty boxes) its
 * Twemoji image served by Tandem, with the shortcode as alt text, as GitLab falls back to its
 * images. An emoji without an image stays a character.
 */
export function Emoji({ unicode, name }: { unicode: string; name: string }) {
  const [noImage, setNoImage] = useState(false);
  if (noImage || emojiSupported()) return <>{unicode}</>;
  return (
    <img
      className="emoji-image"
      src={`${EMOJI_IMAGES.path}/${emojiImageName(unicode)}`}
      alt={`:${name}:`}
      title={`:${name}:`}
      width={16}
      height={16}
      decoding="async"
      loading="lazy"
      data-testid="emoji-image"
      onError={() => setNoImage(true)}
    />
  );
}
