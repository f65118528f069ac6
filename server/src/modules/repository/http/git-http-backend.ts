import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GIT_BINARY, gitEnv } from '../git/run-git';

export type GitService = 'info/refs' | 'git-upload-pack' | 'git-receive-pack';

/**
 * Tandem's pre-receive hook (git runs it inside receive-pack, after the pack is received into
 * quarantine and before any ref moves; a refusal discards the pack). Tandem decided who may
 * push before spawning; what only the pushed commands tell — which refs — is checked here:
 * the protected (default) branch takes pushes only from maintainers and is never deleted.
 */
const PRE_RECEIVE = `#!/bin/sh
# Written by Tandem (server/src/modules/repository/http/git-http-backend.ts); do not edit.
status=0
while read old new ref; do
  if [ "$ref" = "$TANDEM_PROTECTED_REF" ]; then
    if [ "$new" = "0000000000000000000000000000000000000000" ]; then
      echo "GitLab: The default branch of a project cannot be deleted." >&2; status=1
    elif [ "$TANDEM_PUSH_PROTECTED" != "1" ]; then
      echo "GitLab: You are not allowed to push code to protected branches on this project." >&2; status=1
    fi
  fi
done
exit $status
`;

/** Writes the hooks folder once per boot (atomically: every node writes the same bytes). */
export function installHooks(repositoriesDir: string): string {
  const dir = path.join(repositoriesDir, '.tandem-hooks');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pre-receive');
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== PRE_RECEIVE) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, PRE_RECEIVE, { mode: 0o755 });
    fs.renameSync(tmp, file);
  }
  return dir;
}

export interface BackendRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The repository's folder relative to `root` (`@hashed/ab/cd/<h>.git`). */
  relativeRepo: string;
  root: string;
  service: GitService;
  hooksDir: string;
  remoteUser: string | null;
  /** The full ref the pre-receive hook protects and whether this pusher may update it. */
  protectedRef: string;
  mayPushProtected: boolean;
  maxPushBytes: number;
}

/**
 * Runs `git http-backend` (CGI) for one smart-HTTP request: the request body (gzip or not; the
 * backend inflates it) is piped to its stdin, its CGI headers become the response's and the
 * rest is streamed. Resolves with the exit code once the response is fully written.
 */
export function runHttpBackend(b: BackendRequest): Promise<number> {
  const { req, res } = b;
  const query = (req.url ?? '').split('?')[1] ?? '';
  const env = gitEnv({
    GIT_PROJECT_ROOT: b.root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: `/${b.relativeRepo}/${b.service}`,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: query,
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
    ...(req.headers['content-length'] ? { CONTENT_LENGTH: String(req.headers['content-length']) } : {}),
    ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
    ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']), HTTP_GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    ...(b.remoteUser ? { REMOTE_USER: b.remoteUser } : {}),
    // receive-pack reads these as config (git 2.31+): Tandem's hook, the push size limit, pushes allowed (policy decided), reflogs
    GIT_CONFIG_COUNT: '4',
    GIT_CONFIG_KEY_0: 'core.hooksPath',
    GIT_CONFIG_VALUE_0: b.hooksDir,
    GIT_CONFIG_KEY_1: 'receive.maxInputSize',
    GIT_CONFIG_VALUE_1: String(b.maxPushBytes),
    GIT_CONFIG_KEY_2: 'http.receivepack',
    GIT_CONFIG_VALUE_2: 'true',
    GIT_CONFIG_KEY_3: 'core.logAllRefUpdates',
    GIT_CONFIG_VALUE_3: 'true',
    TANDEM_PROTECTED_REF: b.protectedRef,
    TANDEM_PUSH_PROTECTED: b.mayPushProtected ? '1' : '0',
  });
  return new Promise((resolve) => {
    const child = spawn(GIT_BINARY, ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let head = Buffer.alloc(0);
    let headersDone = false;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString('utf8');
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        if (!res.write(chunk)) {
          child.stdout.pause();
          res.once('drain', () => child.stdout.resume());
        }
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      const endLf = head.indexOf('\n\n');
      const at = end >= 0 ? end : endLf;
      if (at < 0) return;
      const sep = end >= 0 ? 4 : 2;
      headersDone = true;
      writeCgiHeaders(res, head.subarray(0, at).toString('latin1'));
      const rest = head.subarray(at + sep);
      if (rest.length) res.write(rest);
    });
    child.on('error', () => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('git is not available\n');
      resolve(127);
    });
    child.on('close', (code) => {
      // A backend that died before it read the whole request (killed mid-push): the rest of the
      // body will never be read, so the connection ends with the response; kept alive, the
      // client would wait, unable to send, until the idle timeout
      const unread = code !== 0 && !req.complete;
      if (unread) req.unpipe(child.stdin);
      if (!headersDone && !res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain', ...(unread ? { Connection: 'close' } : {}) });
      res.end(() => {
        if (unread) req.socket.destroy();
        resolve(code ?? 1);
      });
    });
    // A client that goes away mid-request: git sees EOF (or its pipe closes) and stops
    req.on('aborted', () => child.stdin.destroy());
    child.stdin.on('error', () => undefined);
    req.pipe(child.stdin);
  });
}

function writeCgiHeaders(res: ServerResponse, text: string): void {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const name = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
    else headers[name] = value;
  }
  res.writeHead(status, headers);
}
