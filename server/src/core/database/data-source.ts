import fs from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { pgSessionOptions } from './pg-session';

import { Init1763780000000 } from './migrations/1763780000000-Init';
import { WritePath1764020000000 } from './migrations/1764020000000-WritePath';
import { NoteWrites1764100000001 } from './migrations/1764100000001-NoteWrites';
import { AwardsAndIssueLinks1764200000001 } from './migrations/1764200000001-AwardsAndIssueLinks';
import { DescriptionVersions1764300000001 } from './migrations/1764300000001-DescriptionVersions';
import { SidebarPeople1764400000001 } from './migrations/1764400000001-SidebarPeople';
import { SidebarTaxonomy1764500000001 } from './migrations/1764500000001-SidebarTaxonomy';
import { TodosInvitations1764600000001 } from './migrations/1764600000001-TodosInvitations';
import { TimeTracking1764700000001 } from './migrations/1764700000001-TimeTracking';
import { IssueTemplates1764700000002 } from './migrations/1764700000002-IssueTemplates';
import { IssuePageHeader1764700000003 } from './migrations/1764700000003-IssuePageHeader';
import { Epics1764800000001 } from './migrations/1764800000001-Epics';
import { Incidents1764800000002 } from './migrations/1764800000002-Incidents';
import { ProjectGroupLinks1795638788882 } from './migrations/1795638788882-ProjectGroupLinks';
import { EpicNotes1795638854887 } from './migrations/1795638854887-EpicNotes';
import { SpamCaptchaMetricImages1795638955303 } from './migrations/1795638955303-SpamCaptchaMetricImages';
import { IncomingEmailToken1795639200000 } from './migrations/1795639200000-IncomingEmailToken';
import { EpicDescriptionVersions1795640100000 } from './migrations/1795640100000-EpicDescriptionVersions';
import { ServiceDesk1795640200000 } from './migrations/1795640200000-ServiceDesk';
import { StatusPage1795640300000 } from './migrations/1795640300000-StatusPage';
import { EpicLockVersion1795640400000 } from './migrations/1795640400000-EpicLockVersion';
import { OutboxRetry1795640500000 } from './migrations/1795640500000-OutboxRetry';
import { ServiceDeskReplies1795640600000 } from './migrations/1795640600000-ServiceDeskReplies';
import { PasswordResetTokens1795640731300 } from './migrations/1795640731300-PasswordResetTokens';
import { ErrorTracking1795642203000 } from './migrations/1795642203000-ErrorTracking';
import { EmailConfirmation1795641800000 } from './migrations/1795641800000-EmailConfirmation';
import { HistoryCompaction1795643260000 } from './migrations/1795643260000-HistoryCompaction';
import { NotificationJobs1795650000000 } from './migrations/1795650000000-NotificationJobs';
import { AlertEnvironment1795650000001 } from './migrations/1795650000001-AlertEnvironment';
import { UserStatusEmoji1795650000002 } from './migrations/1795650000002-UserStatusEmoji';
import { IssueListIndexes1795642406000 } from './migrations/1795642406000-IssueListIndexes';
import { MergeRequests1795642000000 } from './migrations/1795642000000-MergeRequests';
import { DiffNotes1795762600000 } from './migrations/1795762600000-DiffNotes';
import { Forks1795820000000 } from './migrations/1795820000000-Forks';
import { MergeRequestReviewers1795820000001 } from './migrations/1795820000001-MergeRequestReviewers';
import { DraftNotes1795830000000 } from './migrations/1795830000000-DraftNotes';
import { NoteSuggestions1795830100000 } from './migrations/1795830100000-NoteSuggestions';
import { DiffNotePositions1795840000000 } from './migrations/1795840000000-DiffNotePositions';
import { HistoryCheckpoints1795860000000 } from './migrations/1795860000000-HistoryCheckpoints';
import { NotificationCustomLevel1795910000000 } from './migrations/1795910000000-NotificationCustomLevel';
import { MergeRequestNotesFilter1795920000000 } from './migrations/1795920000000-MergeRequestNotesFilter';
import { MergeRequestAllowCollaboration1795950000000 } from './migrations/1795950000000-MergeRequestAllowCollaboration';
import { GroupGroupLinks1795970000000 } from './migrations/1795970000000-GroupGroupLinks';
import { MergeRequestTodosSubscriptions1796020000000 } from './migrations/1796020000000-MergeRequestTodosSubscriptions';
import { MergeRequestSubscriptions1796030000000 } from './migrations/1796030000000-MergeRequestSubscriptions';
import { MergeRequestMails1796040000000 } from './migrations/1796040000000-MergeRequestMails';
import { MergeRequestMentionMails1796050000000 } from './migrations/1796050000000-MergeRequestMentionMails';
import { NotifyJobSkipsSystemNotes1796010000000 } from './migrations/1796010000000-NotifyJobSkipsSystemNotes';

/** Every migration, in order. CI fails if the entities drift from them (tools/check-migrations). */
export const MIGRATIONS = [
  Init1763780000000,
  WritePath1764020000000,
  NoteWrites1764100000001,
  AwardsAndIssueLinks1764200000001,
  DescriptionVersions1764300000001,
  SidebarPeople1764400000001,
  SidebarTaxonomy1764500000001,
  TodosInvitations1764600000001,
  TimeTracking1764700000001,
  IssueTemplates1764700000002,
  IssuePageHeader1764700000003,
  Epics1764800000001,
  Incidents1764800000002,
  ProjectGroupLinks1795638788882,
  EpicNotes1795638854887,
  SpamCaptchaMetricImages1795638955303,
  IncomingEmailToken1795639200000,
  EpicDescriptionVersions1795640100000,
  ServiceDesk1795640200000,
  StatusPage1795640300000,
  EpicLockVersion1795640400000,
  OutboxRetry1795640500000,
  ServiceDeskReplies1795640600000,
  PasswordResetTokens1795640731300,
  EmailConfirmation1795641800000,
  MergeRequests1795642000000,
  ErrorTracking1795642203000,
  IssueListIndexes1795642406000,
  HistoryCompaction1795643260000,
  NotificationJobs1795650000000,
  AlertEnvironment1795650000001,
  UserStatusEmoji1795650000002,
  DiffNotes1795762600000,
  Forks1795820000000,
  MergeRequestReviewers1795820000001,
  DraftNotes1795830000000,
  NoteSuggestions1795830100000,
  DiffNotePositions1795840000000,
  HistoryCheckpoints1795860000000,
  NotificationCustomLevel1795910000000,
  MergeRequestNotesFilter1795920000000,
  MergeRequestAllowCollaboration1795950000000,
  GroupGroupLinks1795970000000,
  NotifyJobSkipsSystemNotes1796010000000,
  MergeRequestTodosSubscriptions1796020000000,
  MergeRequestSubscriptions1796030000000,
  MergeRequestMails1796040000000,
  MergeRequestMentionMails1796050000000,
];

export interface DatabaseTarget {
  /** postgres:// URL; absent means the embedded PGlite database under dataDir. */
  url?: string;
  dataDir: string;
  /** Pool connections to `url` (default 20). */
  poolSize?: number;
}

export interface OpenDatabase {
  dataSource: DataSource;
  mode: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Opens the database: a Postgres server when a URL is given, otherwise PGlite (real Postgres
 * in WASM) driven through the real `pg` client with a pool of one connection, so a
 * transaction holds the single PGlite session until it ends and nothing interleaves.
 */
export async function openDatabase(
  target: DatabaseTarget,
  entities: NonNullable<DataSourceOptions['entities']>,
  opts: { logging?: boolean; pglite?: PGlite } = {},
): Promise<OpenDatabase> {
  const common = {
    type: 'postgres' as const,
    entities,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: opts.logging ?? false,
  };
  if (target.url) {
    const dataSource = new DataSource({ ...common, url: target.url, poolSize: target.poolSize ?? 20, extra: { idleTimeoutMillis: 30_000, options: pgSessionOptions() } });
    await dataSource.initialize();
    // Nest's TypeOrmModule may already have destroyed it on app shutdown
    return { dataSource, mode: 'postgres', close: async () => { if (dataSource.isInitialized) await dataSource.destroy(); } };
  }
  let pglite = opts.pglite;
  let ownsPglite = false;
  if (!pglite) {
    const dir = path.join(target.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
    ownsPglite = true;
  }
  const dataSource = new DataSource({
    ...common,
    poolSize: 1,
    installExtensions: false,
    extra: { ...createPgConfig(pglite), idleTimeoutMillis: 0 },
  });
  await dataSource.initialize();
  const db = pglite;
  return {
    dataSource,
    mode: 'pglite',
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      if (ownsPglite) await db.close();
    },
  };
}

/** Runs pending migrations under an advisory lock, so nodes starting together don't race. */
export async function runMigrations(dataSource: DataSource, mode: 'postgres' | 'pglite'): Promise<string[]> {
  // PGlite has one session and one owner process: no lock needed (and holding one would
  // take the only connection the migrations need).
  if (mode === 'pglite') return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(727274)');
    try {
      const ran = await dataSource.runMigrations({ transaction: 'each' });
      return ran.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(727274)');
    }
  } finally {
    await runner.release();
  }
}
