#!/usr/bin/env bash
# The whole test run: what `npm run test:all` (and so CI's .ci/run) does.
#
#   0. Runs on the declared Node.js line (.nvmrc, 24): the machine's own node when it is that
#      line, else the copy scripts/node-line.sh installs once from the npm registry into a cache
#      outside the repository (NODE_LINE_CACHE, default ~/.cache/webstudio-node), put first on
#      PATH for every phase below; the version is printed first. (`npm ci` may have run under an
#      older node: the tree is the same, its native add-ons are Node-API.) The e2e suite also
#      starts the built server under Node 26 (tests/e2e/node-next.test.ts, same cache).
#   1. Installs what the tests need where missing (Debian packages, apt-get as
#      root, or through `sudo -n` for a non-root user):
#        - chromium (/usr/bin/chromium) for the browser tests,
#        - PostgreSQL server binaries (/usr/lib/postgresql/*/bin) when a
#          throw-away server has to be started (step 2).
#   2. Chooses the PostgreSQL server for the second API run:
#        - $DATABASE_URL if it is set (used as it is, nothing created or dropped);
#        - else a server answering on 127.0.0.1:5432: a fresh database
#          ci_<random> is created on it (as user postgres) and dropped at the end;
#        - else a throw-away server (scripts/pg-throwaway.sh) on a free port
#          from 54329 up, stopped and removed at the end.
#   3. Runs `npm test` (the whole suite on PGlite; DATABASE_URL is unset for it),
#      then `npm run test:api` with DATABASE_URL pointing at that server, then
#      `npm run test:cluster` (two built servers on a fresh database of that
#      server; it reuses the build `npm test` made, or builds first when
#      `npm test` failed before building). All run even if one fails; the exit
#      code is non-zero if any failed. Cleanup (drop database / stop server) always runs, on failure
#      and on Ctrl-C too.
#   4. Prints timings per phase and a summary.
#
# Environment knobs (all optional):
#   DATABASE_URL           use this PostgreSQL database for the API run
#   PG_PROBE_HOST/PORT     where to look for a running server (127.0.0.1:5432);
#                          e.g. PG_PROBE_PORT=1 pretends none answers (testing)
#   PG_PROBE_USER          user that creates the temp database there (postgres)
#   PG_THROWAWAY_PORT      first port tried for the throw-away server (54329)
#   TEST_ALL_DRY_RUN=1     do everything but echo the npm commands instead of
#                          running them (to check the install/PostgreSQL phases)
#   APT_LOCK_TIMEOUT       seconds to wait for another apt/dpkg to finish (600)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)

export DEBIAN_FRONTEND=noninteractive
DRY=${TEST_ALL_DRY_RUN:-0}
PROBE_HOST=${PG_PROBE_HOST:-127.0.0.1}
PROBE_PORT=${PG_PROBE_PORT:-5432}
PROBE_USER=${PG_PROBE_USER:-postgres}
APT_LOCK_TIMEOUT=${APT_LOCK_TIMEOUT:-600}

T0=$(date +%s)
# shellcheck source=node-line.sh
source "$ROOT/scripts/node-line.sh" || {
  printf 'test-all: ERROR: cannot get Node.js %s (see scripts/node-line.sh)\n' "$(cat .nvmrc)" >&2
  exit 1
}
printf 'test-all: Node.js %s (%s), declared line %s\n' "$(node --version)" "$(command -v node)" "$(cat .nvmrc)"
PHASES=()      # "name|status|seconds" for the summary
FAILED=0
APT_UPDATED=0
PG_MODE=""     # given | existing | throwaway
PG_DESC=""
TEMP_DB=""     # database created on an existing server, dropped at the end
ADMIN_URL=""
THROWAWAY_PORT=""
API_URL=""
LOGDIR=$(mktemp -d "${TMPDIR:-/tmp}/test-all.XXXXXX")

if [[ -t 1 ]]; then
  say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
else
  say() { printf '\n== %s\n' "$*"; }
fi
info() { printf 'test-all: %s\n' "$*"; }
die() { printf 'test-all: ERROR: %s\n' "$*" >&2; exit 1; }
now() { date +%s; }

record() { PHASES+=("$1|$2|$3"); }

# ---------------------------------------------------------------- cleanup
# Drop the temporary database / stop the throw-away server. Idempotent: runs
# before the summary and again (doing nothing) from the EXIT trap.
teardown() {
  local t
  t=$(now)
  if [[ -n $TEMP_DB ]]; then
    info "dropping temporary database $TEMP_DB"
    pg_exec "$ADMIN_URL" "DROP DATABASE IF EXISTS \"$TEMP_DB\" WITH (FORCE)" ||
      pg_exec "$ADMIN_URL" "DROP DATABASE IF EXISTS \"$TEMP_DB\"" ||
      info "WARNING: could not drop database $TEMP_DB"
    TEMP_DB=""
    record "teardown: drop database" done $(($(now) - t))
  fi
  if [[ -n $THROWAWAY_PORT ]]; then
    info "stopping throw-away PostgreSQL on port $THROWAWAY_PORT"
    bash "$ROOT/scripts/pg-throwaway.sh" stop "$THROWAWAY_PORT" ||
      info "WARNING: could not stop the throw-away server on $THROWAWAY_PORT"
    THROWAWAY_PORT=""
    record "teardown: stop server" done $(($(now) - t))
  fi
  return 0
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  # A reader that went away (`| head`) must not stop the teardown half-way.
  trap '' PIPE
  set +e
  teardown
  rm -rf "$LOGDIR"
  exit "$rc"
}
trap cleanup EXIT
CHILD=""
stop_child() {
  if [[ -n $CHILD ]]; then
    kill -TERM -- "-$CHILD" 2>/dev/null || kill -TERM "$CHILD" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$CHILD" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$CHILD" 2>/dev/null
  fi
  return 0
}
trap 'echo; info "interrupted"; stop_child; exit 130' INT
trap 'info "terminated"; stop_child; exit 143' TERM
trap 'stop_child; exit 129' HUP
trap 'stop_child; exit 141' PIPE

# ---------------------------------------------------------------- helpers
as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo -n env DEBIAN_FRONTEND=noninteractive "$@"
  else
    die "need root to run: $* — run as root, give this user passwordless sudo, or install it by hand"
  fi
}

apt_wait() {
  # Another apt/dpkg (e.g. someone installing by hand) holds the lock: wait.
  command -v fuser >/dev/null || return 0
  local waited=0 locks=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock)
  while as_root fuser "${locks[@]}" >/dev/null 2>&1; do
    ((waited % 30 == 0)) && info "apt/dpkg is busy (another install running); waiting... ${waited}s"
    ((waited >= APT_LOCK_TIMEOUT)) && die "apt/dpkg still locked after ${APT_LOCK_TIMEOUT}s"
    sleep 2
    waited=$((waited + 2))
  done
}

apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found; install by hand: $*"
  if [[ $APT_UPDATED -eq 0 ]]; then
    apt_wait
    info "apt-get update"
    as_root apt-get -o DPkg::Lock::Timeout="$APT_LOCK_TIMEOUT" update -qq
    APT_UPDATED=1
  fi
  apt_wait
  info "apt-get install -y $*"
  as_root apt-get -o DPkg::Lock::Timeout="$APT_LOCK_TIMEOUT" install -y -qq "$@"
}

pg_bin_dir() {
  local d best=""
  while IFS= read -r d; do
    [[ -x $d/initdb && -x $d/pg_ctl ]] && best=$d
  done < <(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V)
  echo "$best"
}

port_answers() { # host port
  if command -v pg_isready >/dev/null; then
    pg_isready -q -h "$1" -p "$2" -t 3
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
  fi
}

port_in_use() { timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# Run one SQL statement through node-postgres (a project dependency, so no
# psql is needed). Usage: pg_exec URL SQL
pg_exec() {
  PG_URL="$1" PG_SQL="$2" node -e '
    const { Client } = require("pg");
    const c = new Client({ connectionString: process.env.PG_URL, connectionTimeoutMillis: 10000 });
    c.connect()
      .then(() => c.query(process.env.PG_SQL))
      .then((r) => { if (process.env.PG_PRINT) console.log(r.rows.map((x) => Object.values(x).join(" ")).join("\n")); return c.end(); })
      .catch((e) => { console.error("  " + e.message); c.end().catch(() => {}); process.exit(1); });
  '
}

# Run a phase: name, then the command. Output goes to the terminal and to a
# log (to count tests); never stops the script on failure.
run_phase() {
  local name=$1
  shift
  say "$name: $*"
  local t=$(now) rc=0
  if [[ $DRY == 1 ]]; then
    echo "[dry run] would run: $*"
  else
    # In its own process group (setsid) and waited for with `wait`, so that
    # INT/TERM reach the trap at once and are passed on to the whole phase.
    set +e
    if command -v setsid >/dev/null; then
      setsid bash -c '"$@" 2>&1 | tee -a "$0"; exit "${PIPESTATUS[0]}"' "$LOGDIR/tests.log" "$@" </dev/null &
      CHILD=$!
      wait "$CHILD"
      rc=$?
      CHILD=""
    else
      "$@" 2>&1 | tee -a "$LOGDIR/tests.log"
      rc=${PIPESTATUS[0]}
    fi
    set -e
  fi
  local dt=$(($(now) - t))
  if [[ $rc -eq 0 ]]; then
    record "$name" ok "$dt"
    info "$name: ok (${dt}s)"
  else
    record "$name" "FAILED (exit $rc)" "$dt"
    info "$name: FAILED with exit $rc (${dt}s)"
    FAILED=1
  fi
}

# ---------------------------------------------------------------- 1. install
say "setup: tools"
t=$(now)
info "node $(node --version), npm $(npm --version), $(id -un) (uid $EUID), $(nproc) cores"
[[ -d node_modules ]] || die "node_modules missing: run 'npm ci' first (npm ci && npm run test:all)"

if [[ -x /usr/bin/chromium ]]; then
  info "chromium: present ($(/usr/bin/chromium --version 2>/dev/null | head -n1 || echo '?'))"
else
  info "chromium: missing, installing Debian's chromium"
  apt_install chromium
  [[ -x /usr/bin/chromium ]] || die "chromium installed but /usr/bin/chromium is missing"
  info "chromium: installed ($(/usr/bin/chromium --version 2>/dev/null | head -n1 || echo '?'))"
fi
record "setup: tools" ok $(($(now) - t))

# ---------------------------------------------------------------- 2. PostgreSQL
say "setup: PostgreSQL for the API run"
t=$(now)
if [[ -n ${DATABASE_URL:-} ]]; then
  PG_MODE=given
  API_URL=$DATABASE_URL
  PG_DESC="DATABASE_URL from the environment"
  info "using DATABASE_URL from the environment"
elif port_answers "$PROBE_HOST" "$PROBE_PORT"; then
  info "a server answers on $PROBE_HOST:$PROBE_PORT"
  name="ci_$(date +%s)_$$_${RANDOM}"
  ADMIN_URL="postgres://$PROBE_USER@$PROBE_HOST:$PROBE_PORT/postgres"
  if pg_exec "$ADMIN_URL" "CREATE DATABASE \"$name\""; then
    TEMP_DB=$name
    PG_MODE=existing
    API_URL="postgres://$PROBE_USER@$PROBE_HOST:$PROBE_PORT/$name"
    PG_DESC="fresh database $name on $PROBE_HOST:$PROBE_PORT"
    info "created database $name"
  else
    info "could not create a database there as $PROBE_USER; falling back to a throw-away server"
  fi
else
  info "no server answers on $PROBE_HOST:$PROBE_PORT"
fi

if [[ -z $PG_MODE ]]; then
  if [[ -z $(pg_bin_dir) ]]; then
    info "PostgreSQL server binaries missing, installing Debian's postgresql"
    apt_install postgresql
    [[ -n $(pg_bin_dir) ]] || die "postgresql installed but no /usr/lib/postgresql/*/bin/initdb"
  fi
  port=${PG_THROWAWAY_PORT:-54329}
  last=$((port + 20))
  while :; do
    # A folder left by an earlier, interrupted run on this port is ours: clear it.
    if [[ -d /tmp/pg-throwaway-$port ]]; then
      bash scripts/pg-throwaway.sh stop "$port" || true
    fi
    port_in_use "$port" || break
    port=$((port + 1))
    ((port <= last)) || die "no free port between ${PG_THROWAWAY_PORT:-54329} and $last"
  done
  THROWAWAY_PORT=$port # set before start so that cleanup stops it even if start half-fails
  API_URL=$(bash scripts/pg-throwaway.sh start "$port")
  PG_MODE=throwaway
  PG_DESC="throw-away server on 127.0.0.1:$port"
fi
ver=$(PG_PRINT=1 pg_exec "$API_URL" "select current_setting('server_version')") ||
  die "cannot connect to the API run's database ($PG_DESC)"
info "connected: PostgreSQL $ver"
record "setup: PostgreSQL ($PG_MODE)" ok $(($(now) - t))
info "API run will use: $PG_DESC"

# ---------------------------------------------------------------- 3. tests
run_phase "npm test (PGlite)" env -u DATABASE_URL npm test
BUILT=$((1 - FAILED)) # npm test passed, so its build is of this code
run_phase "test:api (PostgreSQL)" env DATABASE_URL="$API_URL" npm run test:api
if [[ $BUILT -eq 1 ]]; then
  run_phase "test:cluster (PostgreSQL)" env DATABASE_URL="$API_URL" npm run test:cluster
else
  # `npm test` may have stopped before its build: build again so the cluster runs on this code.
  run_phase "test:cluster (PostgreSQL)" env DATABASE_URL="$API_URL" \
    bash -c 'npm run build && npm run test:cluster'
fi

# ---------------------------------------------------------------- 4. summary
[[ -z $TEMP_DB && -z $THROWAWAY_PORT ]] || say "teardown"
set +e
teardown
set -e
total=$(($(now) - T0))
say "summary"
for p in "${PHASES[@]}"; do
  IFS='|' read -r n s d <<<"$p"
  printf '  %-34s %-18s %5ss\n' "$n" "$s" "$d"
done
printf '  %-34s %-18s %5ss\n' "total" "" "$total"

# Add up vitest's "Tests  N failed | N passed (N)" lines from both runs.
passed=0 failedn=0 skipped=0
if [[ -f $LOGDIR/tests.log ]]; then
  while IFS= read -r line; do
    for kind in passed failed skipped; do
      n=$(grep -oE "[0-9]+ $kind" <<<"$line" | head -n1 | cut -d' ' -f1 || true)
      [[ -n $n ]] || continue
      case $kind in
        passed) passed=$((passed + n)) ;;
        failed) failedn=$((failedn + n)) ;;
        skipped) skipped=$((skipped + n)) ;;
      esac
    done
  done < <(sed 's/\x1b\[[0-9;]*m//g' "$LOGDIR/tests.log" | grep -E '^[[:space:]]*Tests[[:space:]]' || true)
fi

result=PASS
[[ $FAILED -eq 0 ]] || result=FAIL
if [[ $DRY == 1 ]]; then
  echo "test-all: DRY RUN $result in ${total}s (npm commands echoed, not run; PostgreSQL: $PG_DESC)"
else
  echo "test-all: $result in ${total}s (API suite on PGlite and on PostgreSQL: $PG_DESC)"
  extra=""
  ((skipped > 0)) && extra=", $skipped skipped"
  echo "test-all: $passed passed, $failedn failed$extra"
fi
exit "$FAILED"
