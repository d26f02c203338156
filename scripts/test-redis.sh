#!/usr/bin/env bash
# Starts Debian's redis-server for the scale-out tests (tests/server/test_scale.py), if it
# is not already answering, and prints its URL; database 15, so the tests never touch a
# house's database 0. Prints nothing when Redis cannot be had (those tests then skip and
# say why). Installing it is scripts/test-services.sh's job; logs go to stderr.
set -u
log() { echo "test-redis: $*" >&2; }
port=6379
command -v redis-server >/dev/null || { log "no redis-server (run scripts/test-services.sh as root)"; exit 0; }
if ! redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then
  # No persistence: the tests' Redis holds only what moves between processes.
  redis-server --port "$port" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --logfile /tmp/cardtable-test-redis.log >&2 || { log "redis-server did not start"; exit 0; }
  for _ in 1 2 3 4 5 6 7 8 9 10; do redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break; sleep 0.5; done
fi
redis-cli -p "$port" ping 2>/dev/null | grep -q PONG || { log "redis-server does not answer"; exit 0; }
echo "redis://127.0.0.1:$port/15"
