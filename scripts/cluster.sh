#!/usr/bin/env bash
# Runs the console as a small cluster on this machine, all on 127.0.0.1 (docs/scale-out.md):
# PostgreSQL 15 (scripts/postgres.sh), a development S3 server (s3rver from npm behind a POST-policy
# gate), two server instances on the shared database and bucket, and nginx in front of them
# (round robin, websocket upgrade, no sticky sessions).
#
#   scripts/cluster.sh start [dir]   -> prints the proxy's URL on its last line
#   scripts/cluster.sh stop  [dir]
#
# Settings (environment): ADMIN_PASSWORD, DEMO_PASSWORD and the server's other settings as for
# `npm start`; CLUSTER_PORT (8090: the proxy; the instances use +1 and +2, S3 +3, PostgreSQL +4);
# CLUSTER_DATABASE_URL (use this PostgreSQL database instead of starting one); METRICS_TOKEN
# (else one is made and kept in {dir}/metrics-token); CLUSTER_SKIP_BUILD=1 (do not build the SPA).
# Installs Debian's nginx-light when nginx is missing (needs root).
set -euo pipefail
cmd=${1:-start}
dir=${2:-/tmp/cst-cluster}
root=$(cd "$(dirname "$0")/.." && pwd)
port=${CLUSTER_PORT:-8090}
app_ports=($((port + 1)) $((port + 2)))
s3_port=$((port + 3))
pg_port=$((port + 4))
bucket=cst

log() { echo "cluster: $*" >&2; }

wait_http() { # url seconds pidfile
  local url=$1 secs=$2 pidfile=${3:-} i
  for ((i = 0; i < secs * 5; i++)); do
    if [ -n "$pidfile" ] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then return 1; fi
    if node -e "fetch(process.argv[1]).then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))" "$url"; then
      return 0
    fi
    sleep 0.2
  done
  return 1
}

stop_pid() { # pidfile
  local f=$1 pid i
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

ensure_nginx() {
  command -v nginx >/dev/null && return 0
  [ -x /usr/sbin/nginx ] && return 0
  if [ "$(id -u)" != 0 ]; then
    log "nginx is not installed and this user cannot install it (apt-get install nginx-light)."
    exit 1
  fi
  log "installing Debian's nginx-light ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 || true
  apt-get install -y -qq --no-install-recommends nginx-light >&2
  # Debian's package may start a default nginx on port 80: this cluster runs its own.
  if command -v service >/dev/null; then service nginx stop >/dev/null 2>&1 || true; fi
}

nginx_bin() { command -v nginx || echo /usr/sbin/nginx; }

write_nginx_conf() {
  mkdir -p "$dir/nginx/tmp"
  chmod 0777 "$dir/nginx/tmp"
  cat >"$dir/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx/nginx.pid;
error_log $dir/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log $dir/nginx/access.log;
  client_body_temp_path $dir/nginx/tmp/body;
  proxy_temp_path $dir/nginx/tmp/proxy;
  fastcgi_temp_path $dir/nginx/tmp/fastcgi;
  uwsgi_temp_path $dir/nginx/tmp/uwsgi;
  scgi_temp_path $dir/nginx/tmp/scgi;
  client_max_body_size 32m;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
  # Round robin over both instances: no sticky sessions, any instance answers any request.
  upstream cst {
    server 127.0.0.1:${app_ports[0]} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${app_ports[1]} max_fails=1 fail_timeout=5s;
  }
  server {
    listen 127.0.0.1:$port;
    # Browser uploads go straight to the bucket (same origin, so no CORS).
    location /s3/ {
      proxy_pass http://127.0.0.1:$s3_port/;
      proxy_request_buffering off;
      proxy_set_header Host 127.0.0.1:$s3_port;
    }
    location / {
      proxy_pass http://cst;
      proxy_http_version 1.1;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      proxy_request_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
EOF
}

start() {
  "$0" stop "$dir" >/dev/null 2>&1 || true
  mkdir -p "$dir"
  cd "$root"
  if [ "${CLUSTER_SKIP_BUILD:-0}" != 1 ]; then
    log "building the SPA ..."
    npm run -s build >&2
  fi
  ensure_nginx

  local db_url=${CLUSTER_DATABASE_URL:-}
  if [ -z "$db_url" ]; then
    log "starting PostgreSQL on 127.0.0.1:$pg_port ..."
    db_url=$(scripts/postgres.sh start "$dir/pg" "$pg_port" | tail -n 1)
    touch "$dir/pg.started"
  fi

  log "starting the S3 server on 127.0.0.1:$s3_port ..."
  nohup node --import tsx apps/server/src/storage/s3-dev-server.main.ts \
    --dir "$dir/s3" --port "$s3_port" --bucket "$bucket" >"$dir/s3.log" 2>&1 &
  echo $! >"$dir/s3.pid"
  wait_http "http://127.0.0.1:$s3_port/" 30 "$dir/s3.pid" || { log "S3 did not start; see $dir/s3.log"; exit 1; }

  local token=${METRICS_TOKEN:-}
  if [ -z "$token" ]; then
    token=$(node -e "process.stdout.write(require('crypto').randomBytes(18).toString('base64url'))")
  fi
  printf '%s' "$token" >"$dir/metrics-token"
  chmod 600 "$dir/metrics-token"

  # One after the other: the first migrates the database and creates the start-up logins.
  local i
  for i in 0 1; do
    local p=${app_ports[$i]} n=$((i + 1))
    log "starting instance $n on 127.0.0.1:$p ..."
    PORT=$p HOST=127.0.0.1 DATA_DIR="$dir/node-$n" DATABASE_URL="$db_url" TRUST_PROXY=1 \
      STORAGE=s3 S3_ENDPOINT="http://127.0.0.1:$s3_port" S3_BUCKET=$bucket S3_REGION=us-east-1 \
      S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER S3_FORCE_PATH_STYLE=1 \
      S3_PUBLIC_HOST="http://127.0.0.1:$port/s3" METRICS_TOKEN="$token" \
      nohup node --import tsx apps/server/src/main.ts >"$dir/node-$n.log" 2>&1 &
    echo $! >"$dir/node-$n.pid"
    wait_http "http://127.0.0.1:$p/healthz" 90 "$dir/node-$n.pid" ||
      { log "instance $n did not start; see $dir/node-$n.log"; exit 1; }
  done

  log "starting nginx on 127.0.0.1:$port ..."
  write_nginx_conf
  "$(nginx_bin)" -p "$dir/nginx" -e "$dir/nginx/error.log" -c "$dir/nginx/nginx.conf" -g 'daemon on;' 2>"$dir/nginx/start.log" ||
    { cat "$dir/nginx/start.log" >&2; exit 1; }
  wait_http "http://127.0.0.1:$port/healthz" 30 || { log "nginx did not answer"; exit 1; }

  sed -n '/Logins created/,/^$/p' "$dir/node-1.log" >&2
  log "logs in $dir; metrics: curl -H \"Authorization: Bearer \$(cat $dir/metrics-token)\" http://127.0.0.1:${app_ports[0]}/metrics"
  echo "http://127.0.0.1:$port/"
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/nginx/nginx.pid" ]; then
    "$(nginx_bin)" -p "$dir/nginx" -c "$dir/nginx/nginx.conf" -s stop 2>/dev/null || stop_pid "$dir/nginx/nginx.pid"
  fi
  stop_pid "$dir/node-1.pid"
  stop_pid "$dir/node-2.pid"
  stop_pid "$dir/s3.pid"
  if [ -f "$dir/pg.started" ]; then "$root/scripts/postgres.sh" stop "$dir/pg" || true; fi
  rm -rf "$dir"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop [dir]" >&2
    exit 2
    ;;
esac
