#!/usr/bin/env bash
# CI push benchmark: starts the packaged service on a PostgreSQL database (schema costbench_bench, created by Flyway),
# issues a runs:write token with a bootstrap token, runs bench/PushLoad.java (N pushers for S seconds, the vLLM
# sample, loopback) after a warm-up load of WARMUP seconds (JIT, caches; not counted), and prints its figures plus the
# service's CPU time per accepted push (utime + stime of the JVM from /proc, over the measured load only), then stops
# the service. Each push is predicted, judged and priced as in production.
# Usage: bench/push-benchmark.sh [database=test] [seconds=60] [pushers=8]
#   JAR=...          the jar to run (default service/target/costbench.jar; run `mvn -B -q -o -DskipTests package`)
#   PORT=18087       the service's port
#   WARMUP=15        seconds of pushes before the measured load
#   PROFILE=file.jfr a JFR recording (settings=profile) of the measured load only; then e.g.
#                    jfr print --stack-depth 300 --events jdk.ExecutionSample file.jfr
#   JAVA_OPTS=...    extra JVM options
#   PGHOST/PGUSER    as for psql (default 127.0.0.1/postgres); the database must exist (createdb)
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATABASE=${1:-test}
SECONDS_TO_RUN=${2:-60}
PUSHERS=${3:-8}
PORT=${PORT:-18087}
JAR=${JAR:-$REPO_ROOT/service/target/costbench.jar}
SAMPLE=${SAMPLE:-$REPO_ROOT/../shared/samples/vllm_bench_serve_result.json}
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}"
WORK_DIR="$(mktemp -d /tmp/costbench-push-bench.XXXXXX)"
BOOTSTRAP=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
PID=""

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
stop() { if [[ -n "$PID" ]]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; fi; }
trap stop EXIT
cpu_ticks() { awk '{print $14 + $15}' "/proc/$PID/stat"; } # utime + stime, in clock ticks

# Run a copy, so a rebuild meanwhile cannot change the jar under the running service.
cp "$JAR" "$WORK_DIR/costbench.jar"
# shellcheck disable=SC2086
COSTBENCH_SECURITY_BOOTSTRAP_TOKEN=$BOOTSTRAP java ${JAVA_OPTS:-} -jar "$WORK_DIR/costbench.jar" \
  --server.address=127.0.0.1 --server.port="$PORT" --spring.profiles.active=postgres \
  "--spring.datasource.url=jdbc:postgresql://$PGHOST:5432/$DATABASE?currentSchema=costbench_bench" \
  --spring.datasource.username="$PGUSER" --spring.flyway.schemas=costbench_bench \
  --costbench.nightly.enabled=false >"$WORK_DIR/service.log" 2>&1 &
PID=$!
until curl -fs "http://127.0.0.1:$PORT/actuator/health" | grep -q '"UP"'; do
  kill -0 "$PID" 2>/dev/null || { log "the service stopped, see $WORK_DIR/service.log"; exit 1; }
  sleep 1
done
log "service up (pid $PID, database $DATABASE, log $WORK_DIR/service.log)"
TOKEN=$(curl -fs -X POST "http://127.0.0.1:$PORT/api/v1/tokens" -H "Authorization: Bearer $BOOTSTRAP" \
  -H 'Content-Type: application/json' -d '{"name":"push-benchmark","scopes":["runs:write"]}' \
  | sed -E 's/.*"token":"([^"]+)".*/\1/')
if ((${WARMUP:-15} > 0)); then
  log "warm-up: ${WARMUP:-15} s"
  java "$REPO_ROOT/bench/PushLoad.java" "http://127.0.0.1:$PORT" "$TOKEN" "${WARMUP:-15}" "$PUSHERS" "$SAMPLE" >/dev/null
fi
log "measuring: $SECONDS_TO_RUN s, $PUSHERS pushers"
if [[ -n "${PROFILE:-}" ]]; then
  jcmd "$PID" JFR.start name=push settings=profile "filename=$PROFILE" >/dev/null
fi
ticks_before=$(cpu_ticks)
OUT=$(java "$REPO_ROOT/bench/PushLoad.java" "http://127.0.0.1:$PORT" "$TOKEN" "$SECONDS_TO_RUN" "$PUSHERS" "$SAMPLE")
ticks_after=$(cpu_ticks)
if [[ -n "${PROFILE:-}" ]]; then
  jcmd "$PID" JFR.stop name=push >/dev/null
  log "profile of the measured load: $PROFILE"
fi
echo "$OUT"
accepted=$(echo "$OUT" | sed -nE 's/.* accepted=([0-9]+) .*/\1/p' | head -1)
awk -v t=$((ticks_after - ticks_before)) -v hz="$(getconf CLK_TCK)" -v n="$accepted" -v loadavg="$(cut -d' ' -f1-3 /proc/loadavg)" \
  'BEGIN { printf "service CPU %.1f s, %.2f ms CPU per accepted push; load average %s\n", t / hz, (n > 0 ? t / hz * 1000 / n : 0), loadavg }'
