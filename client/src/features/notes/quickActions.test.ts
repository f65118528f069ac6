import { describe, expect, it } from 'vitest';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { applyingCommandsText, withoutCommands } from './quickActions';

describe('quick actions in a pending comment', () => {
  it('strips command lines from the placeholder and says how many are applied', () => {
    expect(withoutCommands('Looks good\n/close\n/label ~bug')).toBe('Looks good');
    expect(applyingCommandsText('Looks good\n/close')).toBe(DISCUSSION_TEXTS.applyingCommand);
    expect(applyingCommandsText('/close\n/label ~bug')).toBe(DISCUSSION_TEXTS.applyingMultipleCommands);
    expect(applyingCommandsText('no / command here')).toBeNull();
  });
});
