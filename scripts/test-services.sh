#!/usr/bin/env bash
# What the test suite needs from the machine, set up idempotently: Debian's Chromium for
# the browser tests, the fonts of the phone-layout tests' two font set-ups (DejaVu with
# WenQuanYi Micro Hei; Noto Sans CJK as well: FONT_SETUPS in tests/web/conftest.py), and
# a local PostgreSQL cluster with a test database, Debian's redis-server (started by
# scripts/test-redis.sh, which prints its URL; this script's stdout stays the PostgreSQL
# URL alone, as callers read it whole), and Debian's nginx for the cluster's browser test
# (tests/web/test_cluster_browser.py runs its own nginx on free ports; the system one is
# never started). Prints the PostgreSQL URL for the tests (empty
# when it cannot be had, e.g. not root: those tests then skip and say why). Logs go to
# stderr.
set -u
log() { echo "test-services: $*" >&2; }

need=()
command -v chromium >/dev/null || need+=(chromium)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need+=(fonts-wqy-microhei)
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
command -v pg_ctlcluster >/dev/null || need+=(postgresql)
command -v redis-server >/dev/null || need+=(redis-server)
# nginx apart: its package would start a system nginx on port 80, so its init scripts are
# kept from running (policy-rc.d, as Debian's Docker images have it) while it installs.
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = 0 ]; then
    log "installing nginx"
    made_policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
      made_policy=1
    fi
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; } >&2 \
      || log "could not install nginx"
    # Stop whatever started anyway (a system without policy-rc.d support).
    [ -s /run/nginx.pid ] && /usr/sbin/nginx -s quit >/dev/null 2>&1
    [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
  else
    log "not root: cannot install nginx"
  fi
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    log "installing ${need[*]}"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"; } >&2 \
      || log "could not install ${need[*]}"
  else
    log "not root: cannot install ${need[*]}"
  fi
fi

command -v pg_ctlcluster >/dev/null || exit 0
[ "$(id -u)" = 0 ] || exit 0
version="$(ls /usr/lib/postgresql | sort -V | tail -1)"
pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >&2
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true  # already running is fine
psql_as_postgres() { su postgres -c "psql -qtAc \"$1\"" 2>/dev/null; }
for _ in 1 2 3 4 5 6 7 8 9 10; do psql_as_postgres "SELECT 1" | grep -q 1 && break; sleep 1; done
psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'cardtable'" | grep -q 1 \
  || psql_as_postgres "CREATE ROLE cardtable LOGIN PASSWORD 'cardtable'" >&2
psql_as_postgres "SELECT 1 FROM pg_database WHERE datname = 'cardtable_test'" | grep -q 1 \
  || su postgres -c "createdb -O cardtable cardtable_test" >&2
echo "postgresql://cardtable:cardtable@127.0.0.1:5432/cardtable_test"
