# syntax=docker/dockerfile:1
# Multi-stage: build with dev dependencies, run with production dependencies only.
#
# Base image pinned by digest (docs/decisions/0015): node:24-bookworm-slim, multi-arch index
# as published 2026-08-25 (Node 24.19.0). To bump it, read the current index digest
#   docker buildx imagetools inspect node:24-bookworm-slim --format '{{json .Manifest.Digest}}'
# (or `docker buildx imagetools inspect node:24-bookworm-slim`, first "Digest:" line), then
# replace the digest in BOTH FROM lines, build, and run the tests against the new image.

FROM node:24-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The app is copied as root: the node user can read and run it, not change it.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
# The one writable place: the embedded reference API's SQLite file lives in DATA_DIR, and
# DATA_DIR/assets keeps the previous builds' files for open tabs (a volume shared by the portals,
# decision 0145): made here so that a named volume mounted on it starts owned by node.
RUN mkdir -p /data/assets && chown node:node /data /data/assets && chmod 0700 /data /data/assets
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (no npm, no shell) so SIGTERM reaches the process and it shuts down gracefully.
CMD ["node", "server/main.ts"]
