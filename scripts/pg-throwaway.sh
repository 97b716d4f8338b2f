#!/usr/bin/env bash
# Throw-away PostgreSQL server for tests.
#
#   bash scripts/pg-throwaway.sh start  [PORT]   # initdb + start on 127.0.0.1:PORT, create database `app`, print its URL
#   bash scripts/pg-throwaway.sh url    [PORT]   # print postgres://app@127.0.0.1:PORT/app
#   bash scripts/pg-throwaway.sh status [PORT]   # exit 0 if it runs
#   bash scripts/pg-throwaway.sh stop   [PORT]   # pg_ctl stop -m fast, then remove its folder
#
# PORT defaults to 54329. Everything (data, unix socket, log) lives under
# $PG_THROWAWAY_BASE (default /tmp/pg-throwaway-PORT) and is removed by `stop`.
# Authentication is trust, superuser `app`, listening on 127.0.0.1 only.
#
# Server binaries: the highest /usr/lib/postgresql/*/bin that has initdb
# (Debian's `postgresql` package; scripts/test-all.sh installs it when missing),
# or $PG_BIN if set.
#
# initdb and pg_ctl refuse to run as root: as root they run as user `nobody`
# (runuser), with the folder owned by nobody; as any other user they run directly.
# `start` is idempotent: if this port's server already runs it only prints the URL;
# a stale folder from a crashed run is removed first.
set -euo pipefail

cmd=${1:-}
PORT=${2:-${PG_THROWAWAY_PORT:-54329}}
BASE=${PG_THROWAWAY_BASE:-/tmp/pg-throwaway-$PORT}
DATA=$BASE/data
SOCK=$BASE/sock
LOGDIR=$BASE/log
LOG=$LOGDIR/postgres.log
URL="postgres://app@127.0.0.1:$PORT/app"

die() { echo "pg-throwaway: $*" >&2; exit 1; }

case "$PORT" in '' | *[!0-9]*) die "PORT must be a number, got '$PORT'" ;; esac

find_bin() {
  if [[ -n ${PG_BIN:-} ]]; then
    [[ -x $PG_BIN/initdb ]] || die "PG_BIN=$PG_BIN has no initdb"
    echo "$PG_BIN"
    return
  fi
  local d best=""
  # sort -V: highest major version last
  while IFS= read -r d; do
    [[ -x $d/initdb && -x $d/pg_ctl ]] && best=$d
  done < <(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V)
  [[ -n $best ]] || die "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)"
  echo "$best"
}

# Run a server binary as the right user, from inside BASE (nobody may not be
# able to read the caller's working directory).
as_owner() {
  if [[ $EUID -eq 0 ]]; then
    (cd "$BASE" && runuser -u nobody -- "$@")
  else
    (cd "$BASE" && "$@")
  fi
}

is_running() {
  [[ -f $DATA/PG_VERSION ]] || return 1
  local bin
  bin=$(find_bin)
  as_owner "$bin/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

port_busy() {
  # exit 0 when something accepts connections on 127.0.0.1:PORT
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
}

do_stop() {
  if [[ ! -d $BASE ]]; then
    echo "pg-throwaway: nothing to stop on port $PORT"
    return 0
  fi
  if [[ -f $DATA/PG_VERSION ]]; then
    local bin
    bin=$(find_bin)
    if as_owner "$bin/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
      as_owner "$bin/pg_ctl" -D "$DATA" -w -t 60 stop -m fast >/dev/null ||
        echo "pg-throwaway: pg_ctl stop failed" >&2
    fi
    # Still there (pg_ctl failed)? End the postmaster by its own pid.
    if [[ -f $DATA/postmaster.pid ]]; then
      local pid
      pid=$(head -n1 "$DATA/postmaster.pid" 2>/dev/null || true)
      if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
      fi
    fi
  fi
  rm -rf "$BASE"
  echo "pg-throwaway: stopped and removed $BASE"
}

do_start() {
  local bin
  bin=$(find_bin)
  if is_running; then
    echo "pg-throwaway: already running on port $PORT" >&2
    echo "$URL"
    return 0
  fi
  if [[ -e $BASE ]]; then
    echo "pg-throwaway: removing stale $BASE" >&2
    do_stop >&2
  fi
  if port_busy; then
    die "port $PORT on 127.0.0.1 is already in use by something else"
  fi
  if [[ $EUID -eq 0 ]]; then
    id nobody >/dev/null 2>&1 || die "running as root needs user 'nobody' (initdb refuses root)"
    command -v runuser >/dev/null || die "running as root needs runuser (util-linux)"
  fi

  mkdir -p "$DATA" "$SOCK" "$LOGDIR"
  chmod 700 "$DATA"
  [[ $EUID -eq 0 ]] && chown -R nobody "$BASE"

  echo "pg-throwaway: initdb ($("$bin/postgres" --version 2>/dev/null || echo "$bin")) in $DATA" >&2
  if ! as_owner "$bin/initdb" -D "$DATA" -U app --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$LOGDIR/initdb.log" 2>&1; then
    cat "$LOGDIR/initdb.log" >&2
    die "initdb failed"
  fi
  if ! as_owner "$bin/pg_ctl" -D "$DATA" -l "$LOG" \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCK -c fsync=on" -w -t 60 start >/dev/null; then
    tail -n 30 "$LOG" >&2 || true
    die "pg_ctl start failed (log above)"
  fi
  if ! "$bin/createdb" -h 127.0.0.1 -p "$PORT" -U app app; then
    die "createdb app failed"
  fi
  echo "pg-throwaway: running on 127.0.0.1:$PORT (log $LOG)" >&2
  echo "$URL"
}

case "$cmd" in
  start) do_start ;;
  stop) do_stop ;;
  url) echo "$URL" ;;
  status)
    if is_running; then echo "pg-throwaway: running on port $PORT"; else echo "pg-throwaway: not running on port $PORT"; exit 1; fi
    ;;
  *)
    echo "usage: $0 start|stop|url|status [PORT]" >&2
    exit 2
    ;;
esac
