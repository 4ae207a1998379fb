# shellcheck shell=bash
# Source this file: starts a throwaway PostgreSQL on 127.0.0.1 (installing it from Debian's packages
# if missing) and exports TEST_DATABASE_URL. The server stops when the sourcing shell exits.
_pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$_pg_bin" ] || [ ! -x "$_pg_bin/initdb" ]; then
  echo "==> Installing PostgreSQL from Debian's packages"
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  _pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
if [ -z "$_pg_bin" ] || [ ! -x "$_pg_bin/initdb" ]; then
  echo "WARNING: PostgreSQL is not available; tests run on SQLite only." >&2
else
  # PostgreSQL refuses to run as root: use the postgres account when we are root.
  _pg_user="$(id -un)"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    _pg_user=postgres
  fi
  _pg_dir="$(mktemp -d /tmp/sellscribe-pg.XXXXXX)"
  chown "$_pg_user" "$_pg_dir"
  _pg_run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  _pg_port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  _pg_run "$_pg_bin/initdb" -D "$_pg_dir/data" -U sellscribe --auth=trust -E UTF8 >/dev/null
  _pg_run "$_pg_bin/pg_ctl" -D "$_pg_dir/data" -l "$_pg_dir/log" -w -o "-c listen_addresses=127.0.0.1 -p $_pg_port -k $_pg_dir -c fsync=off -c full_page_writes=off -c max_connections=200" start >/dev/null
  # shellcheck disable=SC2064
  trap "_pg_run '$_pg_bin/pg_ctl' -D '$_pg_dir/data' -m fast stop >/dev/null 2>&1; rm -rf '$_pg_dir'" EXIT
  export TEST_DATABASE_URL="postgres://sellscribe@127.0.0.1:$_pg_port/postgres"
  echo "==> PostgreSQL $("$_pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$_pg_port (TEST_DATABASE_URL set)"
fi
