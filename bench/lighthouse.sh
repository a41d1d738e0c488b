#!/usr/bin/env bash
# Lighthouse (mobile defaults) against the production build: home, the tool list, a tool detail page, the
# e-commerce list, a comparison page and a static reference page, each scored RUNS times (default 3);
# prints every run's four category scores and then the median per page.
#   bench/lighthouse.sh            # builds, starts on PORT (default 4152) with a fresh seeded SQLite database
#   SKIP_BUILD=1 BUILD_DIR=build bench/lighthouse.sh
#   LH_PAGES="/ja /zh-CN/tool/chatgpt" RUNS=1 bench/lighthouse.sh
# The reference page (/bench-static/lighthouse-reference.html, a small static document written into the build)
# is scored in the same run: on a shared machine its score shows how much of a page's loss is the machine's.
# Reports (JSON) are kept in $OUT (default: a temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-4152}"
BUILD_DIR="${BUILD_DIR:-node_modules/.lighthouse-build}"
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
RUNS="${RUNS:-3}"
OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT" && OUT="$(cd "$OUT" && pwd)"
DATA_DIR="$(mktemp -d)"
REFERENCE="/bench-static/lighthouse-reference.html"
# Two seed tools that share a subcategory (ai-chatbot), so the comparison page shows its shared rows.
COMPARE_PAIR="${COMPARE_PAIR:-chatgpt-vs-claude}"
# LH_PAGES="/ja /zh-CN/tool/chatgpt" scores other pages instead (space-separated paths; the reference is added).
if [ -n "${LH_PAGES:-}" ]; then read -r -a PAGES <<<"$LH_PAGES"; else
  PAGES=("/us-en" "/us-en/tools" "/us-en/tool/${TOOL_SLUG:-chatgpt}" "/us-en/ecommerce" "/us-en/compare/$COMPARE_PAIR")
fi
PAGES+=("$REFERENCE")

if [ "${SKIP_BUILD:-0}" != "1" ]; then
  BUILD_DIR="$BUILD_DIR" npx react-router build >/dev/null
fi
mkdir -p "$BUILD_DIR/client/bench-static"
cat >"$BUILD_DIR/client$REFERENCE" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lighthouse reference page</title><meta name="description" content="A static page scored beside the app's pages.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><main><h1>Reference</h1><p>A static document served by the same server, scored in the same run.</p></main></body></html>
HTML

BUILD_DIR="$BUILD_DIR" PORT="$PORT" NODE_ENV=production LOG_LEVEL=warn SCREENSHOTS=off \
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

printf "%-40s %4s %11s %13s %14s %4s\n" page run performance accessibility best-practices seo
# Runs interleave the pages (page 1..n, then again), so a busy minute of the machine hits every page alike.
for run in $(seq 1 "$RUNS"); do
  for page in "${PAGES[@]}"; do
    name="$(echo "$page" | tr '/.' '__')"
    report="$OUT/lighthouse${name}_$run.json"
    # A trace occasionally fails to record on a busy machine (NO_NAVSTART): try again, up to three times.
    for attempt in 1 2 3; do
      CHROME_PATH="$CHROME_PATH" npx lighthouse "http://127.0.0.1:$PORT$page" \
        --quiet --output=json --output-path="$report" \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu" >/dev/null 2>&1 || true
      if [ -f "$report" ] && node -e 'process.exit(require(process.argv[1]).runtimeError ? 1 : 0)' "$report"; then break; fi
    done
    node -e '
      const r = require(process.argv[1]);
      const s = (k) => (r.categories[k].score === null ? "n/a" : String(Math.round(r.categories[k].score * 100)));
      console.log(process.argv[2].padEnd(40), process.argv[3].padStart(4), s("performance").padStart(11), s("accessibility").padStart(13), s("best-practices").padStart(14), s("seo").padStart(4), r.runtimeError ? r.runtimeError.code : "");
    ' "$report" "$page" "$run"
  done
done

echo
echo "median of $RUNS runs (performance: FCP / LCP / TBT / CLS of the median run)"
node -e '
  const fs = require("fs");
  const [out, runs, ...pages] = process.argv.slice(1);
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
  for (const page of pages) {
    const name = page.replace(/[/.]/g, "_");
    const reports = [];
    for (let run = 1; run <= Number(runs); run++) {
      const file = `${out}/lighthouse${name}_${run}.json`;
      if (fs.existsSync(file)) { const r = JSON.parse(fs.readFileSync(file, "utf8")); if (!r.runtimeError) reports.push(r); }
    }
    if (reports.length === 0) { console.log(page.padEnd(40), "no report"); continue; }
    const score = (r, k) => Math.round((r.categories[k].score ?? 0) * 100);
    const perf = median(reports.map((r) => score(r, "performance")));
    const mid = reports.find((r) => score(r, "performance") === perf);
    const ms = (id) => Math.round(mid.audits[id].numericValue);
    const metrics = `${ms("first-contentful-paint")} / ${ms("largest-contentful-paint")} / ${ms("total-blocking-time")} ms / ${mid.audits["cumulative-layout-shift"].numericValue.toFixed(2)}`;
    const others = ["accessibility", "best-practices", "seo"].map((k) => String(median(reports.map((r) => score(r, k)))));
    console.log(page.padEnd(40), "med ", String(perf).padStart(11), others[0].padStart(13), others[1].padStart(14), others[2].padStart(4), "", metrics);
  }
' "$OUT" "$RUNS" "${PAGES[@]}"
echo "reports: $OUT"
