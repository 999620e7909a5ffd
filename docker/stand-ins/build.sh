#!/usr/bin/env bash
# Picks the images the Dockerfile and docker-compose.yml run on, for the Docker test
# (docker/compose.test.ts): the public ones when the registry answers a pull, otherwise local
# stand-ins built here. Machines that reach only the npm registry and Debian's mirror (this
# project's CI) cannot pull from Docker Hub. Prints NODE_IMAGE=, POSTGRES_IMAGE= and
# REDIS_IMAGE= lines, the variables docker-compose.yml reads.
#
#   meridian-stand-in/node:20      Debian bookworm (debootstrap) + this machine's Node 20 and npm,
#                                  and its CA bundle (a TLS-inspecting proxy may sit in front of
#                                  the npm registry)
#   meridian-stand-in/postgres:15  Debian's PostgreSQL 15 (no pgvector package in bookworm:
#                                  knowledge bases use full-text search) behind the official
#                                  image's POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB
#   meridian-stand-in/redis:7      Debian's redis-server 7.0
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d /tmp/meridian-stand-ins.XXXXXX)"
trap 'rm -rf "$work"' EXIT

have() { docker image inspect "$1" >/dev/null 2>&1; }
pulled() { have "$1" || timeout 60 docker pull -q "$1" >/dev/null 2>&1; }

base=meridian-stand-in/debian:bookworm
ensure_base() {
  have "$base" && return
  command -v debootstrap >/dev/null || { echo "debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
  echo "== stand-in base: debootstrap bookworm" >&2
  debootstrap --variant=minbase bookworm "$work/rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | docker import - "$base" >/dev/null
}

# stand_in VAR public-image stand-in-image dockerfile [context]
stand_in() {
  local var=$1 public=$2 name=$3 file=$4 context=${5:-$here}
  if pulled "$public"; then echo "$var=$public"; return; fi
  if ! have "$name"; then
    # The stand-ins are made side by side (below); the first to need the base makes it.
    (flock 9 && ensure_base) 9>"$work/base.lock"
    echo "== stand-in $name for $public" >&2
    DOCKER_BUILDKIT=0 docker build -q --build-arg BASE="$base" -f "$here/$file" -t "$name" "$context" >&2
  fi
  echo "$var=$name"
}

# Node: the machine's own binary and npm (Node cannot be downloaded here).
node_context="$work/node"
mkdir -p "$node_context"
cp "$(command -v node)" "$node_context/node"
cp -a "$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)" "$node_context/npm"
cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$node_context/ca-certificates.crt"

# The three side by side: pulling or building each mostly waits on a registry or Debian's mirror.
stand_in NODE_IMAGE node:20-bookworm-slim meridian-stand-in/node:20 node.Dockerfile "$node_context" >"$work/node.env" &
node_pid=$!
stand_in POSTGRES_IMAGE pgvector/pgvector:pg16 meridian-stand-in/postgres:15 postgres.Dockerfile >"$work/postgres.env" &
postgres_pid=$!
stand_in REDIS_IMAGE redis:7-alpine meridian-stand-in/redis:7 redis.Dockerfile >"$work/redis.env" &
redis_pid=$!
status=0
for pid in $node_pid $postgres_pid $redis_pid; do wait "$pid" || status=1; done
[ $status -eq 0 ] || exit 1
cat "$work/node.env" "$work/postgres.env" "$work/redis.env"
