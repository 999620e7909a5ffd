# Meridian on Next.js's standalone server (docs/DEPLOY.md).
#   docker build -t meridian .
#   docker build --build-arg NPM_REGISTRY=https://registry.npmmirror.com -t meridian .   # a registry mirror
# The image runs the same `server.js` that `npm start` runs from `.next/standalone`.

ARG NODE_IMAGE=node:20-bookworm-slim

# Every dependency, dev ones included (the build needs TypeScript, Tailwind and the Next
# compiler), installed before the sources arrive, so the layer is reused until the lockfile
# changes. In the stage that builds: a separate stage would copy node_modules (~1 GB) once more
# (docs/DEPLOY.md, "The image").
FROM ${NODE_IMAGE} AS builder
WORKDIR /app
ARG NPM_REGISTRY=https://registry.npmjs.org/
COPY package.json package-lock.json ./
RUN npm ci --registry "$NPM_REGISTRY" --no-audit --no-fund
# NEXT_BUILD_FS_CACHE=0: Turbopack's build cache would be written (~30 s) into a stage that is thrown away.
ENV NEXT_TELEMETRY_DISABLED=1 \
    NEXT_BUILD_FS_CACHE=0
COPY . .
RUN node node_modules/next/dist/bin/next build

# Only the traced server: `.next/standalone` already holds what the server reads from its folder
# at run time (drizzle/ migrations, lib/skills/builtin/, README.md and docs/ for the demo
# knowledge base: outputFileTracingIncludes in next.config.ts). Static files and public/ are
# added beside it, as Next's standalone output expects.
FROM ${NODE_IMAGE} AS runner
WORKDIR /app
# NODE_OPTIONS and the command line: the young-generation size `npm start` gives the server
# (scripts/server-flags.mjs; Node takes --min-semi-space-size only on its command line).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-semi-space-size=64
RUN groupadd --system --gid 1001 meridian \
    && useradd --system --uid 1001 --gid meridian --no-create-home --home-dir /app meridian \
    && mkdir -p /data \
    && chown meridian:meridian /data \
    && chmod 700 /data
COPY --from=builder --chown=meridian:meridian /app/.next/standalone ./
COPY --from=builder --chown=meridian:meridian /app/.next/static ./.next/static
COPY --from=builder --chown=meridian:meridian /app/public ./public
USER meridian
# The embedded database (when DATABASE_URL is not set), generated secrets, knowledge-base files,
# shared skills and local workspaces.
VOLUME ["/data"]
EXPOSE 3000
# No curl in slim images: Node's own fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--min-semi-space-size=32", "server.js"]
