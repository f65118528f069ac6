# Tandem server image: the NestJS server plus the built client it serves.
# Build: docker build -t tandem .   Run: see docker-compose.yml and docs/operations.md.
# Node 24 is the Active LTS line; the project itself also runs (and is tested) on Node >= 20.19.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every workspace's dependencies, then shared-types, server and client ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is cached until a package.json or the lock changes.
COPY package.json package-lock.json ./
COPY shared-types/package.json shared-types/
COPY server/package.json server/
COPY client/package.json client/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY shared-types shared-types
COPY server server
COPY client client
RUN npm run build

# ---- deps: only what the server needs at run time (no client, test or dev packages) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared-types/package.json shared-types/
COPY server/package.json server/
COPY client/package.json client/
COPY test/package.json test/
# -w server: the server workspace and what it links (shared-types); --omit=dev drops the rest
RUN npm ci --omit=dev --no-audit --no-fund -w server \
 && npm cache clean --force

# ---- runtime: production dependencies, compiled server, built client assets ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The whole deps tree: root node_modules plus any workspace-nested ones (server/node_modules)
COPY --from=deps --chown=node:node /app /app
COPY --from=build --chown=node:node /app/shared-types/dist shared-types/dist
COPY --from=build --chown=node:node /app/server/dist server/dist
COPY --from=build --chown=node:node /app/client/dist client/dist
# Only used when DATABASE_URL is unset (embedded PGlite); mount a volume there to keep it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/-/readiness').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node as PID 1 receives SIGTERM from `docker stop` and shuts down gracefully (main.ts).
CMD ["node", "server/dist/main.js"]
