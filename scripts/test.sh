#!/usr/bin/env bash
# The whole test suite: lint, types, unit + integration tests, production build, end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
. scripts/toolchain.sh

echo "== lint"
pnpm lint
echo "== format"
pnpm format:check
echo "== types"
pnpm check
echo "== build"
pnpm build

# A step that needs something on the machine: run when it is there, else skipped with the reason (a failure
# under CI, which must run everything). optional_step <title> <yes|no> <why it cannot run> <command...>
optional_step() {
  local title="$1" available="$2" missing="$3"
  shift 3
  if [ "$available" = yes ]; then
    echo "== $title"
    "$@"
  elif [ "${CI:-}" = "true" ]; then
    echo "!! $missing: CI requires the $title." >&2
    exit 1
  else
    echo "!! SKIPPED the $title: $missing." >&2
  fi
}
postgres=no
(echo > /dev/tcp/127.0.0.1/5432) 2>/dev/null && postgres=yes
haproxy=no
[ "$postgres" = yes ] && command -v haproxy >/dev/null && haproxy=yes
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
chromium=no
[ -x "$chromium_bin" ] && chromium=yes

# Two lanes side by side, each line of their output marked with its lane: the server's tests on PostgreSQL, then
# three instances; and the browser's (Chromium against the built store), then the unit tests. Neither keeps both
# cores busy all the time alone, so side by side they end sooner than one after the other, though not in half the
# time. The unit tests go last in whichever lane is the shorter: the PostgreSQL suite has outlasted the end-to-end
# tests (docs/benchmarks.md).
server_lane() {
  # The server's integration tests again on PostgreSQL, each test file in its own throwaway database.
  optional_step "server integration tests on PostgreSQL (127.0.0.1:5432)" "$postgres" \
    "nothing listens on 127.0.0.1:5432 (.ci/run starts PostgreSQL)" pnpm test:server:pg
  # Three built servers on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg), one killed mid-stream.
  optional_step "multi-instance test (3 built servers, HAProxy, PostgreSQL)" "$haproxy" \
    "it needs PostgreSQL on 127.0.0.1:5432 and haproxy (apt-get install haproxy; .ci/run installs both)" \
    pnpm test:multi
}
browser_lane() {
  optional_step "end-to-end tests (Chromium: $chromium_bin)" "$chromium" \
    "Chromium not found at $chromium_bin (apt-get install chromium)" pnpm test:e2e
  # A phone opening a 50,000-product store (seeded once into .tmp/, about 20 s): home before the catalog is
  # complete, search once synced, offline after.
  optional_step "end-to-end test of a 50,000-product store on a phone (Chromium)" "$chromium" \
    "Chromium not found at $chromium_bin (apt-get install chromium)" pnpm test:e2e:scale
  echo "== unit and integration tests"
  pnpm test:unit
}
# Runs a lane in the background with its lines marked "[name] "; its status is the lane's, not the marker's.
start_lane() {
  local name="$1"
  shift
  (
    set -o pipefail
    "$@" 2>&1 | sed -u "s/^/[$name] /"
  ) &
}
start_lane server server_lane
server_pid=$!
start_lane browser browser_lane
browser_pid=$!
failed=""
wait "$server_pid" || failed="$failed server"
wait "$browser_pid" || failed="$failed browser"
if [ -n "$failed" ]; then
  echo "!! FAILED:$failed (the lines marked with the lane's name say where)" >&2
  exit 1
fi
echo "== all tests passed"
