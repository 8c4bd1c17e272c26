# syntax=docker/dockerfile:1
# Bellows in three stages: build (all dependencies, compile TypeScript),
# prod-deps (production dependencies only, native sqlite3 compiled here),
# runtime (slim image, git + git-lfs, non-root user, data in /data).

# The full node image carries python3, make and g++, which sqlite3 needs to compile.
FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/git/package.json packages/git/
COPY packages/persistence-typeorm/package.json packages/persistence-typeorm/
COPY packages/storage/package.json packages/storage/
COPY apps/server/package.json apps/server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm AS prod-deps
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/git/package.json packages/git/
COPY packages/persistence-typeorm/package.json packages/persistence-typeorm/
COPY packages/storage/package.json packages/storage/
COPY apps/server/package.json apps/server/
RUN npm ci --omit=dev --no-audit --no-fund
# The compiled workspaces next to their package.json, where the workspace links point.
COPY --from=build /src/packages/domain/dist packages/domain/dist
COPY --from=build /src/packages/git/dist packages/git/dist
COPY --from=build /src/packages/persistence-typeorm/dist packages/persistence-typeorm/dist
COPY --from=build /src/packages/storage/dist packages/storage/dist
COPY --from=build /src/apps/server/dist apps/server/dist
COPY apps/server/bin apps/server/bin

FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends git git-lfs ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && git lfs install --system \
 && groupadd --system bellows \
 && useradd --system --gid bellows --home-dir /data --shell /usr/sbin/nologin bellows \
 && mkdir -p /data \
 && chown bellows:bellows /data
WORKDIR /app
COPY --from=prod-deps /src /app
ENV NODE_ENV=production \
    BELLOWS_CONFIG=/data/app.ini \
    BELLOWS__SERVER__APP_DATA_PATH=/data \
    BELLOWS__SERVER__HTTP_ADDR=0.0.0.0 \
    BELLOWS__SERVER__HTTP_PORT=3000
USER bellows
VOLUME /data
EXPOSE 3000
# node instead of curl: the slim image has no curl, and node is there anyway.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# bellows web stops cleanly on SIGTERM (docker stop) and needs no init process for that.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/bin/bellows.js", "web"]
