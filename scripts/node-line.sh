#!/usr/bin/env bash
# The Node.js line the product declares (.nvmrc, engines.node), first on PATH, on any machine that
# has npm: where `node` on PATH is already of that major it is used as it is; otherwise the line is
# installed ONCE from the npm registry (the `node` package, which ships the binary) into a cache
# folder outside the repository, and that folder is put first on PATH.
#
#   source scripts/node-line.sh          # this shell (bash): node, npm, npx run on the line
#   bash scripts/node-line.sh CMD ARGS…  # runs CMD on the line
#   bash scripts/node-line.sh --at-least CMD ARGS…
#                                        # the same, but a newer node on PATH is kept as it is
#                                        # (npm start: the product runs on 24 or newer; the test
#                                        # suites run on the declared line itself)
#   bash scripts/node-line.sh --bin [MAJOR]
#                                        # prints the path of a node binary of MAJOR (default the
#                                        # declared line), installing it into the cache if needed
#                                        # (the Node 26 test gets its binary this way)
#
# Cache: $NODE_LINE_CACHE, else ${XDG_CACHE_HOME:-$HOME/.cache}/webstudio-node; one folder per
# major (<cache>/24/node_modules/node/bin/node). Delete it to force a fresh install; set
# NODE_LINE_CACHE to share one between users or CI runs. Native add-ons in node_modules are
# Node-API (rolldown, lightningcss), so `npm ci` under an older node gives the same tree.

_node_line_root=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)

_node_line_declared() {
  local v
  v=$(tr -d ' \t\r\nv' <"$_node_line_root/.nvmrc" 2>/dev/null)
  echo "${v%%.*}"
}

_node_line_major() { # path-or-command → its major, or nothing
  "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null
}

# Prints the path of a node binary of the given major, installing it into the cache if needed.
_node_line_bin() {
  local major=$1 newer=${2:-} cache dir bin tmp found have
  found=$(command -v node 2>/dev/null || true)
  have=$([[ -n $found ]] && _node_line_major "$found")
  if [[ -n $have && ($have == "$major" || (-n $newer && $have -gt $major)) ]]; then
    echo "$found"
    return 0
  fi
  cache=${NODE_LINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/webstudio-node}
  dir=$cache/$major
  bin=$dir/node_modules/node/bin/node
  if [[ -x $bin && $(_node_line_major "$bin") == "$major" ]]; then
    echo "$bin"
    return 0
  fi
  command -v npm >/dev/null || {
    echo "node-line: need npm (or Node.js $major on PATH) to get Node.js $major" >&2
    return 1
  }
  mkdir -p "$cache" || return 1
  tmp=$(mktemp -d "$cache/.install-$major.XXXXXX") || return 1
  echo "node-line: installing Node.js $major from the npm registry into $dir (once)" >&2
  if ! npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "node@$major" >&2; then
    rm -rf "$tmp"
    echo "node-line: could not install node@$major from the npm registry" >&2
    return 1
  fi
  if [[ $(_node_line_major "$tmp/node_modules/node/bin/node") != "$major" ]]; then
    rm -rf "$tmp"
    echo "node-line: the installed node@$major does not run here" >&2
    return 1
  fi
  # Into place in one step; a run that installed it at the same time wins, ours is dropped.
  rm -rf "$dir.old"
  [[ -d $dir ]] && mv "$dir" "$dir.old"
  mv "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  rm -rf "$dir.old"
  [[ -x $bin ]] || return 1
  echo "$bin"
}

# Puts the declared line first on PATH in the current shell.
_node_line_use() {
  local major bin
  major=$(_node_line_declared)
  [[ -n $major ]] || {
    echo "node-line: no .nvmrc in $_node_line_root" >&2
    return 1
  }
  bin=$(_node_line_bin "$major" "${1:-}") || return 1
  case ":$PATH:" in
    *":$(dirname "$bin"):"*) ;;
    *) export PATH="$(dirname "$bin"):$PATH" ;;
  esac
  hash -r 2>/dev/null || true
}

if [[ ${BASH_SOURCE[0]:-$0} != "$0" ]]; then
  # sourced
  _node_line_use || return 1
else
  set -euo pipefail
  case ${1:-} in
    --bin)
      _node_line_bin "${2:-$(_node_line_declared)}"
      ;;
    -h | --help)
      sed -n '2,21p' "$0"
      ;;
    --at-least)
      shift
      _node_line_use newer
      exec "$@"
      ;;
    "")
      _node_line_use
      echo "node $(node --version) at $(command -v node)"
      ;;
    *)
      _node_line_use
      exec "$@"
      ;;
  esac
fi
