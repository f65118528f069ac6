import { useCallback, useState } from 'react';
import {
  NOTIFICATION_CUSTOM_EVENTS,
  NOTIFICATION_LEVELS,
  NOTIFICATION_SETTINGS_TEXTS as T,
  type ApiNotificationSettings,
  type NotificationCustomEvent,
  type NotificationLevel,
} from '@tandem/shared-types';
import { DismissibleCallout } from '../../shared/callouts/DismissibleCallout';
import { Alert } from '../../shared/ui/Alert';
import { Toast } from '../../shared/ui/Toast';
import { useNotificationSettingsPage, useSaveNotificationSetting, type SettingChange, type SettingTarget } from './notificationSettingsQueries';

const GLOBAL_LEVELS = NOTIFICATION_LEVELS.filter((l) => l !== 'global');

/**
 * GitLab's notification settings (profile notifications): the global level and the notification
 * email, then a level per group and per project (Global defers to the global level); the custom
 * level's events are chosen under its select. Each change is saved at once. A callout (closed
 * for 365 days) says what is mailed: issues and merge requests (not pipelines or releases).
 */
export function NotificationSettings() {
  const { data, error } = useNotificationSettingsPage();
  const { save, failed, clearFailure } = useSaveNotificationSetting();
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const change = (target: SettingTarget) => (c: SettingChange) => save(target, c, () => setToast(T.saved));

  if (error) return <Alert variant="danger">{T.loadFailed}</Alert>;
  if (!data) return <p className="muted" role="status">Loading…</p>;
  return (
    <div className="notification-settings">
      <DismissibleCallout id="notifications_issues_only" variant="info" testId="notifications-issues-only">
        {T.issuesOnly}
      </DismissibleCallout>
      <div aria-live="assertive">{failed && <Alert variant="danger" onDismiss={clearFailure}>{T.failed}</Alert>}</div>
      <section className="card" aria-labelledby="notifications-global-heading">
        <h2 id="notifications-global-heading" className="card__title">
          {T.globalHeading}
        </h2>
        <p className="notification-settings__email">
          <span className="field__label">{T.notificationEmail}</span> <span data-testid="notification-email">{data.global.notification_email ?? '—'}</span>
        </p>
        <LevelControl id="global" label={T.globalLevel} levels={GLOBAL_LEVELS} setting={data.global} hint={T.globalHelp} onChange={change({ kind: 'global' })} />
      </section>
      <section className="card" aria-labelledby="notifications-groups-heading">
        <h2 id="notifications-groups-heading" className="card__title">
          {T.groupsHeading} <span className="tab__count">{data.groups.length}</span>
        </h2>
        {data.groups.length === 0 && <p className="muted">{T.noGroups}</p>}
        <ul className="notification-settings__list">
          {data.groups.map((g) => (
            <li key={g.id}>
              <LevelControl id={`group-${g.id}`} label={g.full_path} levels={NOTIFICATION_LEVELS} setting={g.setting} onChange={change({ kind: 'group', id: g.id })} />
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="notifications-projects-heading">
        <h2 id="notifications-projects-heading" className="card__title">
          {T.projectsHeading} <span className="tab__count">{data.projects.length}</span>
        </h2>
        {data.projects.length === 0 && <p className="muted">{T.noProjects}</p>}
        <ul className="notification-settings__list">
          {data.projects.map((p) => (
            <li key={p.id}>
              <LevelControl id={`project-${p.id}`} label={p.name_with_namespace} levels={NOTIFICATION_LEVELS} setting={p.setting} onChange={change({ kind: 'project', id: p.id })} />
            </li>
          ))}
        </ul>
      </section>
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}

interface LevelControlProps {
  id: string;
  label: string;
  levels: readonly NotificationLevel[];
  setting: ApiNotificationSettings;
  hint?: string;
  onChange(change: SettingChange): void;
}

/** One level select, what the level means, and the custom events while it is custom. */
function LevelControl({ id, label, levels, setting, hint, onChange }: LevelControlProps) {
  const selectId = `notification-level-${id}`;
  const helpId = `${selectId}-help`;
  return (
    <div className="notification-level">
      <div className="notification-level__row">
        <label className="field__label notification-level__label" htmlFor={selectId}>
          {label}
        </label>
        <select id={selectId} className="input input--small" value={setting.level} aria-describedby={helpId} onChange={(e) => onChange({ level: e.target.value as NotificationLevel })}>
          {levels.map((l) => (
            <option key={l} value={l}>
              {T.levels[l].label}
            </option>
          ))}
        </select>
      </div>
      <p id={helpId} className="field__hint">
        {T.levels[setting.level].help}
        {hint ? `. ${hint}` : ''}
      </p>
      {setting.level === 'custom' && setting.events && (
        <fieldset className="notification-level__events">
          <legend className="field__label">{T.customTitle}</legend>
          <p className="field__hint">{T.customIntro}</p>
          {NOTIFICATION_CUSTOM_EVENTS.map((e) => (
            <label key={e} className="checkbox">
              <input type="checkbox" checked={setting.events![e]} onChange={(ev) => onChange(eventChange(e, ev.target.checked))} />
              <span>{T.events[e]}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** GitLab's PUT for one custom event: just that flag. */
function eventChange(event: NotificationCustomEvent, on: boolean): SettingChange {
  const change: SettingChange = {};
  change[event] = on;
  return change;
}
