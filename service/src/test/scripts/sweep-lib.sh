# Shared helpers of the sweep scripts (crash test, two instances, speed). Source it; needs curl, psql, python3.
# Environment: PGHOST (127.0.0.1), PGUSER (postgres), SKIP_BUILD=1 to reuse service/target/costbench.jar.
# The instances get a random bootstrap admin token (COSTBENCH_TOKEN) for the write API.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
JAR="${JAR:-$REPO_ROOT/service/target/costbench.jar}"
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}" PGOPTIONS="-c client_min_messages=warning"
WORK_DIR="${WORK_DIR:-$(mktemp -d /tmp/costbench-sweeps.XXXXXX)}"
mkdir -p "$WORK_DIR"
declare -A PIDS=()
export COSTBENCH_TOKEN="${COSTBENCH_TOKEN:-script-$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')}"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }

build() {
  if [[ "${SKIP_BUILD:-0}" == 1 && -f "$JAR" ]]; then return; fi
  log "packaging (mvn -B -q -DskipTests package)"
  (cd "$REPO_ROOT" && mvn -B -q -DskipTests package)
}

fresh_database() { # name
  psql -q -d postgres -c "drop database if exists $1 with (force)" -c "create database $1" >/dev/null
}

sql() { # database, query -> unaligned rows
  psql -At -d "$1" -c "$2"
}

# start_instance NAME PORT [extra java args...]: datasource from DB_URL (a JDBC URL), or the embedded H2 in
# DATA_DIR (default: a folder per instance) when DB_URL is empty
start_instance() {
  local name=$1 port=$2; shift 2
  local datasource=()
  if [[ -n "${DB_URL:-}" ]]; then
    datasource=(SPRING_DATASOURCE_URL="$DB_URL" SPRING_DATASOURCE_USERNAME="${DB_USER:-$PGUSER}"
      SPRING_DATASOURCE_PASSWORD="")
  fi
  env "${datasource[@]}" COSTBENCH_SECURITY_BOOTSTRAP_TOKEN="$COSTBENCH_TOKEN" \
    java -Xmx1g -XX:+ExitOnOutOfMemoryError -jar "$JAR" --server.port="$port" \
    --costbench.data-dir="${DATA_DIR:-$WORK_DIR/data-$name}" "$@" \
    >>"$WORK_DIR/$name.log" 2>&1 &
  PIDS[$name]=$!
  log "started $name pid ${PIDS[$name]} port $port (log $WORK_DIR/$name.log)"
}

wait_healthy() { # port [timeout s]
  local deadline=$((SECONDS + ${2:-${HEALTH_TIMEOUT:-600}}))
  until curl -fs "http://127.0.0.1:$1/actuator/health" | grep -q '"UP"'; do
    ((SECONDS < deadline)) || { log "instance on port $1 not healthy in time"; return 1; }
    sleep 1
  done
}

stop_all() {
  local name
  for name in "${!PIDS[@]}"; do
    kill "${PIDS[$name]}" 2>/dev/null || true
  done
  for name in "${!PIDS[@]}"; do
    wait "${PIDS[$name]}" 2>/dev/null || true
  done
  PIDS=()
}

auth_args() {
  printf '%s\0' -H "Authorization: Bearer $COSTBENCH_TOKEN"
}

api_post() { # port path json
  local args=()
  while IFS= read -r -d '' a; do args+=("$a"); done < <(auth_args)
  curl -fsS -X POST "${args[@]}" -H 'Content-Type: application/json' -d "$3" "http://127.0.0.1:$1$2"
}

api_get() { # port path
  local args=()
  while IFS= read -r -d '' a; do args+=("$a"); done < <(auth_args)
  curl -fsS "${args[@]}" "http://127.0.0.1:$1$2"
}

json_field() { # expression on the JSON document d, e.g. "d['progress']['done']"
  python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"
}

wait_finished() { # port id [timeout s] -> prints the final sweep JSON
  local deadline=$((SECONDS + ${3:-600})) body status
  while :; do
    body=$(api_get "$1" "/api/v1/sweeps/$2") || body='{}'
    status=$(json_field "d.get('status','')" <<<"$body")
    case "$status" in SUCCEEDED|PARTIAL|FAILED|CANCELLED) printf '%s\n' "$body"; return 0 ;; esac
    ((SECONDS < deadline)) || { log "sweep $2 not finished in time: $body"; return 1; }
    sleep 1
  done
}
