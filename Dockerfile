# Tandem server image: the NestJS server plus the built client it serves.
# Build: docker build -t tandem .   Run: see docker-compose.yml and docs/operations.md.

FROM node:20-bookworm-slim AS build
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
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf server/src client/src shared-types/src test

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# Only used when DATABASE_URL is unset (embedded PGlite); mount a volume there to keep it.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/-/readiness').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node as PID 1 receives SIGTERM from `docker stop` and shuts down gracefully (main.ts).
CMD ["node", "server/dist/main.js"]
