# syntax=docker/dockerfile:1
# Production image of the directory: `node server.js` on the built site, as the unprivileged `node` user.
# Persistent state lives in the /app/data volume (SQLite database, uploaded and drawn images).
# Why each step is here, and how to run, back up and upgrade it: docs/deploy.md.

# Debian (glibc) rather than Alpine: the lock file carries the glibc builds of sharp, better-sqlite3's
# prebuilt binaries are glibc, and Vite's native tools have their -gnu packages in it. Every stage uses
# the same base so native modules built or downloaded in one run in the last.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 compiles itself when no prebuilt binary matches the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# .npmrc carries legacy-peer-deps, without which npm refuses the dependency tree.
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# Sources and the production build. This stage also serves as the operations image (npm run backup,
# admin:create, catalog:import need tsx and the sources): docker build --target build.
FROM deps AS build
# Operations commands run from this stage write images where the server reads them.
ENV UPLOAD_DIR=/app/data/uploads
COPY . .
RUN npm run build

FROM build AS prune
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/.cache

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    UPLOAD_DIR=/app/data/uploads \
    CHROMIUM_PATH=/usr/bin/chromium
# Debian's Chromium and fonts for CJK and emoji pages: website screenshots (playwright-core drives it;
# no browser is downloaded). Without it the server starts with screenshots off and says so.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-noto-color-emoji fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=prune /app/node_modules ./node_modules
# What server.js reads at run time: the build (server bundle with the migrations in it, client assets),
# package.json ("type": "module"), public/ (translation bundles are read from public/locales) and seed/
# (the starter catalogue imported on the first start, when the database has no tools).
COPY --from=build /app/build ./build
COPY --from=build /app/package.json /app/server.js ./
COPY --from=build /app/public ./public
COPY --from=build /app/seed ./seed
# The database (DATABASE_URL defaults to data/directory.db) and UPLOAD_DIR live here, owned by the
# user the server runs as; a new named volume takes this ownership.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only: /healthz answers while the process runs. Load balancers should ask /readyz (database).
# The start period covers the first start's migrations and catalogue import.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Not `npm start`: that script builds when sources changed and writes a session secret under data/,
# neither of which belongs in an image. Migrations and the first-start seed run inside server.js.
# BETTER_AUTH_SECRET must be given at run time (the server refuses to start in production without it).
CMD ["node", "server.js"]
