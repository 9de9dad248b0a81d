# syntax=docker/dockerfile:1
# Footprint: the Nest server and the built React client in one image.
#   docker build -t footprint .
#   docker compose up -d         (app + PostgreSQL, see docker-compose.yml and docs/OPERATIONS.md)
# The container needs a PostgreSQL server: DATABASE_URL (or DATABASE_URL_FILE), with DATABASE_PASSWORD
# or DATABASE_PASSWORD_FILE when the URL carries no password. The image leaves out the embedded
# PostgreSQL that `npm start` uses on a workstation.

# Node 22 LTS, the version package.json's engines asks for.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- deps: every dependency, dev ones included, exactly as locked ------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# Swagger UI pulls in @scarf/scarf, whose install script sends telemetry; package.json denies it
# (allowScripts), which this image's npm does not read, so switch it off here too.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: server (tsc) and client (vite) into dist/ ------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# ---- runtime: production dependencies and dist/ only, as a non-root user -----------------------
FROM ${NODE_IMAGE} AS runtime
# Debian's Chromium for the rendered website audit (never a browser downloaded by Playwright),
# and fonts so pages lay out as they do for visitors. tini runs as PID 1: it forwards signals to
# Node and reaps the processes Chromium leaves behind, which Node (as PID 1) would not.
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation tini \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    BROWSER_EXECUTABLE=/usr/bin/chromium \
    PORT=3000 \
    HOST=0.0.0.0 \
    SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=dev: no build or test tools, no client-only libraries (the client ships built in dist/).
# --omit=optional: no embedded PostgreSQL (about 60 MB of binaries; the container uses a server).
# `node scripts/production-size.mjs` prints what this installs. No install script needs to run.
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
    && npm cache clean --force
COPY --from=build /app/dist ./dist

# The official Node images ship an unprivileged 'node' user (uid 1000).
USER node
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations: at start by default (one instance at a time); with MIGRATE_ON_START=false run
#   docker compose run --rm app node dist/server/migrate-cli.js run
# as a rollout step first (docs/OPERATIONS.md "Rollout and rollback").
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
