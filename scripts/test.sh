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
echo "== unit and integration tests"
pnpm test:unit

# The server's integration tests again on PostgreSQL, each test file in its own throwaway database.
if (echo > /dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  echo "== server integration tests on PostgreSQL (127.0.0.1:5432)"
  pnpm test:server:pg
elif [ "${CI:-}" = "true" ]; then
  echo "!! PostgreSQL is not listening on 127.0.0.1:5432: CI requires the PostgreSQL run (.ci/run starts it)." >&2
  exit 1
else
  echo "!! SKIPPED the server tests on PostgreSQL: nothing listens on 127.0.0.1:5432 (see .ci/run)." >&2
fi

chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_bin" ]; then
  echo "== end-to-end tests (Chromium: $chromium_bin)"
  pnpm test:e2e
elif [ "${CI:-}" = "true" ]; then
  echo "!! Chromium not found at $chromium_bin: end-to-end tests cannot run, and CI requires them." >&2
  exit 1
else
  echo "!! SKIPPED the end-to-end tests: Chromium not found at $chromium_bin (apt-get install chromium)." >&2
fi
