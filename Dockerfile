# syntax=docker/dockerfile:1
# Workhub: one image serving the API under /api and the built web app (docs/deploy.md).
#   docker build -t workhub .
# The final stage holds production dependencies and the two bundles only: no TypeScript, tsx,
# esbuild, drizzle-kit or Vite (apps/api/build.mjs refuses a bundle importing anything else).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY scripts/patch-deps.mjs scripts/
RUN npm ci
COPY . .
# apps/web/dist (Vite) and apps/api/dist (esbuild: server.mjs, migrate.mjs, migrations/, fonts/).
RUN npm run build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# npm ci's postinstall fixes postgres.js (its queue, BEGIN, closed sockets) and PGlite's parser copy
# per query, its field copy per row and its UTF-8 length of a lone surrogate (scripts/patch-deps.mjs).
COPY scripts/patch-deps.mjs scripts/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: uploaded logos (and PGlite's files when DATABASE_URL is unset). Owned by the runtime
# user, who owns nothing else: the code and node_modules stay root's, read-only to the process.
RUN mkdir -p /data && chown node:node /data
# MALLOC_ARENA_MAX=2: glibc keeps a memory arena per allocating thread (argon2's); two bound the
# growth, as `npm start` sets it (scripts/start.mjs).
ENV PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist \
    MALLOC_ARENA_MAX=2
VOLUME ["/data"]
USER node
EXPOSE 3000
# 200 only when the database answers (503 otherwise); the start period covers migrating on start.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1, with no npm or shell in between: SIGTERM reaches the server, which drains and closes.
# JWT_SECRET and DATABASE_URL (or a /data volume for PGlite) come from the environment, plus
# SMTP_URL or MAIL_TRANSPORT=outbox. Migrate before a rollout: node apps/api/dist/migrate.mjs
CMD ["node", "--max-old-space-size=1024", "apps/api/dist/server.mjs"]
