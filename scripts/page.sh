#!/usr/bin/env bash
# The README's first command: installs what is needed, builds the page, serves it on 127.0.0.1.
#   scripts/page.sh [port]      (default 8000; Ctrl-C stops the server)
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8000}"
scripts/deps.sh
scripts/build_page.sh
echo
echo "traincalc page: $(pwd)/dist/traincalc.html  (one file: open it directly, or save it anywhere)"
echo "serving:        http://127.0.0.1:${port}/traincalc.html"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory dist
