import { describe, expect, it } from 'vitest';
import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { applyingCommandsText, withoutCommands } from './quickActions';

describe('quick actions in a pending comment', () => {
  it('strips command lines from the placeholder and says how many are applied', () => {
    expect(withoutCommands('Looks good\n/close\n/label ~bug')).toBe('Looks good');
    expect(applyingCommandsText('/close\n/label ~bug')).toBe(DISCUSSION_TEXTS.applyingMultipleCommands);
    expect(applyingCommandsText('no / command here')).toBeNull();
  });

  it('one known command says what it does, aliases included; an unknown one just "Applying command"', () => {
    expect(applyingCommandsText('Looks good\n/close')).toBe('Applying command to close this issue');
    expect(applyingCommandsText('/labels ~bug')).toBe(DISCUSSION_TEXTS.applyingCommandTo('add labels'));
    expect(applyingCommandsText('/relate #2')).toBe('Applying command to mark this issue as related to another issue');
    expect(applyingCommandsText('/shrug')).toBe(DISCUSSION_TEXTS.applyingCommand);
  });

  it("on a merge request, its own commands are named (/close, /request_review, /approve, /subscribe)", () => {
    expect(applyingCommandsText('/close', 'MergeRequest')).toBe('Applying command to close this merge request');
    expect(applyingCommandsText('/request_review @bob', 'MergeRequest')).toBe('Applying command to assign reviewers');
    expect(applyingCommandsText('Nice.\n/approve', 'MergeRequest')).toBe('Applying command to approve a merge request');
    // merge requests have notifications: /subscribe and /unsubscribe are their commands
    expect(applyingCommandsText('/subscribe', 'MergeRequest')).toBe(DISCUSSION_TEXTS.applyingCommandTo('subscribe'));
    expect(applyingCommandsText('Off.\n/unsubscribe', 'MergeRequest')).toBe(DISCUSSION_TEXTS.applyingCommandTo('unsubscribe'));
    expect(applyingCommandsText('/subscribe\n/close', 'MergeRequest')).toBe(DISCUSSION_TEXTS.applyingMultipleCommands);
    expect(withoutCommands('Thanks\n/subscribe', 'MergeRequest')).toBe('Thanks');
    // not a merge request command: the server posts it as text, so nothing says it applies it
    expect(applyingCommandsText('/weight 3', 'MergeRequest')).toBeNull();
    expect(withoutCommands('Thanks\n/weight 3\n/close', 'MergeRequest')).toBe('Thanks\n/weight 3');
  });
});
