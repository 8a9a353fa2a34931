# syntax=docker/dockerfile:1
#
# toolmend image: `docker build -t toolmend .`
#   docker run --rm -p 127.0.0.1:8420:8420 -e TOOLMEND_UPSTREAM_URL=https://api.openai.com/v1 toolmend
# The entrypoint is the `toolmend` command and the default command is `serve`, so
# arguments replace only the command: `docker run toolmend --log-level debug` serves
# with that flag, `docker run toolmend check-config` checks the configuration.
# Configuration: mount a file over the default one
#   -v ./my.yaml:/app/config/toolmend.yaml:ro
# or mount it anywhere and point at it with -e TOOLMEND_CONFIG=/path/in/container.yaml.
# TOOLMEND_* variables override the file, as outside Docker.
#
# Runtime base: distroless Node 24 (nonroot tag), not node:24-slim with USER node.
# toolmend needs nothing but the node binary at run time; distroless has no
# shell, no package manager and no npm, so there is far less to patch and for
# an attacker to use, and its `nonroot` tag already runs as uid 65532. The
# cost: no shell for `docker exec` (build with the `debug-nonroot` tag to get
# busybox) and no curl for the health check, which therefore runs node itself.
# Build and runtime are both Debian 12, so a dependency with a native addon
# would find the glibc it was built against.

# Production dependencies only; cached until package.json or the lockfile change.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# Full install (TypeScript and types) to compile src/ into dist/.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM gcr.io/distroless/nodejs24-debian12:nonroot AS runtime
WORKDIR /app
# Listen on every interface of the container (the YAML default, 127.0.0.1, is unreachable from outside it).
# TOOLMEND_PORT is deliberately not set: an environment variable would override a mounted file's port.
# A smaller young generation keeps RSS flat under many open streams (see README, Performance).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=16 \
    TOOLMEND_HOST=0.0.0.0
# package.json is needed at run time: its "type": "module" makes dist/*.js ES modules.
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY config/toolmend.yaml ./config/toolmend.yaml
# The nonroot tag sets this already; stated here so that it survives a base-image change.
USER 65532:65532
EXPOSE 8420
# No shell and no curl in distroless: node's own fetch probes /healthz (exec form, no shell needed).
# It follows TOOLMEND_PORT; a port set only in the YAML file or by --port needs the check overridden
# (so change the port with -e TOOLMEND_PORT in containers).
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["/nodejs/bin/node", "-e", "fetch('http://127.0.0.1:'+(process.env.TOOLMEND_PORT||8420)+'/healthz',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1: toolmend handles SIGTERM itself (drain, then exit 0), so `docker stop` is graceful.
# dist/cli.js checks the Node version, then runs the command; `serve` is the proxy.
ENTRYPOINT ["/nodejs/bin/node", "dist/cli.js"]
CMD ["serve"]
