#!/usr/bin/env bash
# Lighthouse (mobile defaults) against the production build on home, the tool
# list and a tool detail page; prints the four category scores per page.
#   bench/lighthouse.sh            # builds, starts on PORT (default 4152) with a fresh seeded SQLite database
#   SKIP_BUILD=1 bench/lighthouse.sh
#   LH_PAGES="/ja /zh-CN/tool/chatgpt" bench/lighthouse.sh
# Reports (JSON) are kept in $OUT (default: a temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-4152}"
BUILD_DIR="${BUILD_DIR:-node_modules/.lighthouse-build}"
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT" && OUT="$(cd "$OUT" && pwd)"
DATA_DIR="$(mktemp -d)"
# LH_PAGES="/ja /zh-CN/tool/chatgpt" scores other pages instead (space-separated paths).
if [ -n "${LH_PAGES:-}" ]; then read -r -a PAGES <<<"$LH_PAGES"; else PAGES=("/us-en" "/us-en/tools" "/us-en/tool/${TOOL_SLUG:-chatgpt}"); fi

if [ "${SKIP_BUILD:-0}" != "1" ]; then
  BUILD_DIR="$BUILD_DIR" npx react-router build >/dev/null
fi

BUILD_DIR="$BUILD_DIR" PORT="$PORT" NODE_ENV=production LOG_LEVEL=warn \
  DATABASE_URL="file:$DATA_DIR/lighthouse.db" UPLOAD_DIR="$DATA_DIR/uploads" \
  BETTER_AUTH_SECRET="${BETTER_AUTH_SECRET:-$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')}" \
  node server.js >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT

for _ in $(seq 1 180); do
  if curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then cat "$OUT/server.log"; exit 1; fi
  sleep 1
done

# Warm up: the first request after start fills the catalogue and bundle caches (hundreds of ms once);
# a production server answers from warm caches, so each page is requested once before it is scored.
for page in "${PAGES[@]}"; do curl -sf -o /dev/null "http://127.0.0.1:$PORT$page" || true; done

printf "%-28s %11s %13s %14s %4s\n" page performance accessibility best-practices seo
for page in "${PAGES[@]}"; do
  name="$(echo "$page" | tr '/' '_')"
  report="$OUT/lighthouse$name.json"
  # A trace occasionally fails to record on a busy machine (NO_NAVSTART): try again, up to three runs.
  for attempt in 1 2 3; do
    CHROME_PATH="$CHROME_PATH" npx lighthouse "http://127.0.0.1:$PORT$page" \
      --quiet --output=json --output-path="$report" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu" >/dev/null 2>&1 || true
    if [ -f "$report" ] && node -e 'process.exit(require(process.argv[1]).runtimeError ? 1 : 0)' "$report"; then break; fi
  done
  node -e '
    const r = require(process.argv[1]);
    const s = (k) => (r.categories[k].score === null ? "n/a" : String(Math.round(r.categories[k].score * 100)));
    console.log(process.argv[2].padEnd(28), s("performance").padStart(11), s("accessibility").padStart(13), s("best-practices").padStart(14), s("seo").padStart(4), r.runtimeError ? r.runtimeError.code : "");
  ' "$report" "$page"
done
echo "reports: $OUT"
