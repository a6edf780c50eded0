#!/usr/bin/env bash
# The Redis bus tests start a throwaway Debian redis-server; install it when missing (never a downloaded build).
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian's redis-server for the live bus tests…"
bash "$(dirname "$0")/apt-install.sh" redis-server
redis-server --version
