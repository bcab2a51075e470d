#!/usr/bin/env bash
# Installs what the project needs: Node 24 + pnpm (locally, in .toolchain/) and the packages.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh
if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --frozen-lockfile --reporter=silent || pnpm install --reporter=append-only
fi
