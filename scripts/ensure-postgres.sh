#!/usr/bin/env bash
# The server-pg test layer starts its own throwaway PostgreSQL cluster from Debian's binaries; install them when missing.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  exit 0
fi
echo "Installing Debian's postgresql for the server-pg tests…"
bash "$(dirname "$0")/apt-install.sh" postgresql
ls /usr/lib/postgresql/*/bin/initdb
