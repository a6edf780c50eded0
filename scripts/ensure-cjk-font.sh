#!/usr/bin/env bash
# Screenshots of the Chinese console need a CJK font (headless Chromium here has none: Chinese renders as boxes);
# install Debian's small fonts-wqy-microhei when no CJK font is known to fontconfig.
set -euo pipefail
if fc-list :lang=zh family 2>/dev/null | grep -q .; then
  exit 0
fi
echo "Installing Debian's fonts-wqy-microhei for the manual screenshots…"
bash "$(dirname "$0")/apt-install.sh" fonts-wqy-microhei fontconfig
fc-cache -f >/dev/null 2>&1 || true
fc-list :lang=zh family | head -n 1
