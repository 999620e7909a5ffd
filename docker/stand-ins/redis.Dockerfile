# Stand-in for redis:7-alpine (build.sh): Debian's redis-server, listening on every address
# without protected mode, as the official image does when given a command line.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data && chown redis:redis /data \
    && printf '#!/bin/sh\nif [ "${1:-}" = redis-server ]; then shift; exec redis-server --bind 0.0.0.0 --protected-mode no --dir /data "$@"; fi\nexec "$@"\n' > /usr/local/bin/redis-entrypoint \
    && chmod +x /usr/local/bin/redis-entrypoint
WORKDIR /data
USER redis
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/redis-entrypoint"]
CMD ["redis-server"]
