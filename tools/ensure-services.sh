#!/usr/bin/env bash
# Starts what the full test suite needs when it is not already there: Postgres, Redis,
# Debian's chromium (for Playwright), Debian's python3-gitlab (the second real client the
# compat test drives), Debian's nginx (the load balancer test) and node_modules. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "[ensure-services] $*"; }

# Answers on a TCP port within a second? (bash's /dev/tcp: no client tools needed)
port_open() { timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

wait_port() {
  local host=$1 port=$2 name=$3
  for _ in $(seq 1 30); do
    port_open "$host" "$port" && { say "$name is answering on $host:$port"; return 0; }
    sleep 1
  done
  say "ERROR: $name did not come up on $host:$port"; return 1
}

if port_open 127.0.0.1 5432; then
  say "Postgres already answering on 127.0.0.1:5432"
else
  say "Postgres not answering: starting it"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
  wait_port 127.0.0.1 5432 Postgres
fi

if port_open 127.0.0.1 6379; then
  say "Redis already answering on 127.0.0.1:6379"
else
  say "Redis not answering: starting it"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_port 127.0.0.1 6379 Redis
fi

if [ -x /usr/bin/chromium ]; then
  say "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
else
  say "chromium missing: installing Debian's chromium"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q chromium; then
    say "install failed; refreshing package lists and retrying"
    apt-get update -q
    apt-get install -y -q chromium
  fi
fi

if python3 -c 'import gitlab' 2>/dev/null; then
  say "python3-gitlab present: $(python3 -c 'import gitlab; print(gitlab.__version__)')"
else
  say "python3-gitlab missing: installing Debian's python3-gitlab"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q python3-gitlab; then
    say "install failed; refreshing package lists and retrying"
    apt-get update -q
    apt-get install -y -q python3-gitlab
  fi
fi

if [ -x /usr/sbin/nginx ]; then
  say "nginx present: $(/usr/sbin/nginx -v 2>&1)"
else
  # test/realtime/nginx.spec.ts runs deploy/nginx.conf on Debian's nginx (not as a service)
  say "nginx missing: installing Debian's nginx"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q nginx; then
    say "install failed; refreshing package lists and retrying"
    apt-get update -q
    apt-get install -y -q nginx
  fi
fi

if [ -d node_modules ]; then
  say "node_modules present"
else
  say "node_modules missing: npm ci"
  npm ci --no-audit --no-fund
fi
