import { Weight, Calendar, CheckCircle2, CircleDot, Eye, EyeOff, GitBranch, Link2, Lock, LockOpen, MessageSquare, Milestone, Pencil, Tag, User, type LucideIcon } from 'lucide-react';

/** GitLab's system_note_icon_name values mapped to the icon set the app uses. */
const ICONS: Record<string, LucideIcon> = {
  'issue-close': CheckCircle2,
  'issue-reopen': CircleDot,
  weight: Weight,
  issue_closed: CheckCircle2,
  status_closed: CheckCircle2,
  issue_reopened: CircleDot,
  status_open: CircleDot,
  issues: CircleDot,
  pencil: Pencil,
  'pencil-square': Pencil,
  label: Tag,
  user: User,
  milestone: Milestone,
  clock: Calendar,
  calendar: Calendar,
  lock: Lock,
  'lock-open': LockOpen,
  eye: Eye,
  'eye-slash': EyeOff,
  link: Link2,
  'git-merge': GitBranch,
  'comment-dots': MessageSquare,
};

export function SystemNoteIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || MessageSquare;
  return <Icon size={14} aria-hidden="true" />;
}
