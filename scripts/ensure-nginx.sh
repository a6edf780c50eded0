#!/usr/bin/env bash
# `npm run cluster` and the cluster tests put Debian's nginx in front of the server instances; install it when missing.
# The package's own service is not started: the cluster runs nginx itself, unprivileged, from a temp directory.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
echo "Installing Debian's nginx for the local cluster…"
bash "$(dirname "$0")/apt-install.sh" nginx
/usr/sbin/nginx -v
