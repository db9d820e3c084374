#!/usr/bin/env bash
# Starts or stops a throw-away PostgreSQL 15 on 127.0.0.1 for the test suites.
#   scripts/postgres.sh start [dir] [port]  -> prints the connection URL on the last line
#   scripts/postgres.sh stop  [dir]
# Installs Debian's postgresql-15 when missing (needs root). initdb runs as the postgres user.
set -euo pipefail
cmd=${1:-start}
dir=${2:-/tmp/cst-pg}
port=${3:-54329}

find_bin() {
  local b
  for b in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    [ -x "$b/pg_ctl" ] && { echo "$b"; return 0; }
  done
  return 1
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null; then runuser -u postgres -- "$@"; else su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; fi
  else
    "$@"
  fi
}

case "$cmd" in
  start)
    if ! bin=$(find_bin); then
      if [ "$(id -u)" != 0 ]; then
        echo "PostgreSQL 15 is not installed and this user cannot install it (apt-get install postgresql-15)." >&2
        exit 1
      fi
      echo "Installing Debian's postgresql-15 ..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2 || true
      apt-get install -y -qq postgresql-15 >&2
      bin=$(find_bin)
    fi
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    rm -rf "$dir"
    mkdir -p "$dir"
    chown postgres "$dir" 2>/dev/null || true
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >&2
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    bin=$(find_bin) || exit 0
    [ -d "$dir/data" ] && as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop [dir] [port]" >&2
    exit 2
    ;;
esac
