#!/usr/bin/env bash
# The Redis bus tests start a throwaway Debian redis-server; install it when missing (never a downloaded build).
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian's redis-server for the live bus tests…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq redis-server >/dev/null
redis-server --version
