#!/usr/bin/env bash
# One command for a newcomer: install, build and start the store with the demo catalog on SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
. scripts/toolchain.sh
pnpm build
exec pnpm start
