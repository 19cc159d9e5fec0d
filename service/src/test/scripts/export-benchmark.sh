#!/usr/bin/env bash
# Benchmark of GET /api/v1/export/costs.csv: 1,000,000 stored sweep points exported from the packaged service
# (java -Xmx256m), on H2 (file mode, fresh data folder) and on PostgreSQL (a fresh database, dropped at the end).
# Exports twice per database. Reports each time: wall time, time to first byte and size of the download (curl), rows
# received, the service's heap when idle after a full GC, its peak used heap sampled every 100 ms by jstat during the
# export (includes garbage not yet collected) and its peak heap after young GCs (GC log). The second export also forces
# a full GC every 2 s and reports the peak live heap: the used heap right after those (what the export keeps alive).
# HEAP=... sets -Xmx: an export that completes under -Xmx of idle + 64 MB never had more than that in its heap.
# Each export also reports the service's CPU time (user + system, all threads: HTTP, prefetch, JIT, GC) from /proc.
# Usage: service/src/test/scripts/export-benchmark.sh   (SKIP_BUILD=1 reuses service/target/costbench.jar;
# ROWS=... to change the count; DATABASES="h2" or "postgresql" for one of them; H2_DATA=dir to reuse the H2 file
# of an earlier run (its data folder); PGHOST/PGUSER as for psql, default 127.0.0.1/postgres; PG_DB=name the
# PostgreSQL database to (re)create, default costbench_export_bench; PG_KEEP=1 reuses its points when it already holds
# ROWS of them and keeps it afterwards, else it is dropped at the end; JAVA_OPTS=... extra JVM options, e.g. a JFR
# recording: JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/export.jfr,settings=profile").
# The 10,000,000-point case (PostgreSQL, about 3 GB of disk while it runs):
#   ROWS=10000000 DATABASES=postgresql service/src/test/scripts/export-benchmark.sh
set -euo pipefail
REPO_ROOT="${REPO_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)}"
JAR="${JAR:-$REPO_ROOT/service/target/costbench.jar}"
ROWS=${ROWS:-1000000}
PORT=${PORT:-18309}
HEAP=${HEAP:-256m}
DATABASES=${DATABASES:-h2 postgresql}
PG_DB=${PG_DB:-costbench_export_bench}
# An explicit password for the benchmark's H2 file, so that the bulk loader can open it too (the service would
# otherwise generate one into its data folder). H2_DATA from an earlier run needs the same one.
H2_PASSWORD=export-benchmark
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}" PGOPTIONS="-c client_min_messages=warning"
WORK_DIR="$(mktemp -d /tmp/costbench-export-bench.XXXXXX)"
H2_JAR=$(ls ~/.m2/repository/com/h2database/h2/2.4.240/h2-2.4.240.jar)
PID=""

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }
stop() { if [[ -n "$PID" ]]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; fi; }
trap 'stop; rm -f "$WORK_DIR"/*.csv' EXIT

if [[ "${SKIP_BUILD:-0}" != 1 || ! -f "$JAR" ]]; then
  log "packaging (mvn -B -q -o -pl service -am -Dmaven.test.skip=true package)"
  (cd "$REPO_ROOT" && mvn -B -q -o -pl service -am -Dmaven.test.skip=true package)
fi
# Run a copy, so a rebuild of the worktree meanwhile cannot change the jar under the running service.
cp "$JAR" "$WORK_DIR/costbench.jar"; JAR="$WORK_DIR/costbench.jar"

# The generated points: alternately Trainium2 and H100, throughput growing with the index, all run on 2026-03-01.
sweep_sql() {
  cat <<SQL
insert into sweep (name, status, trigger_kind, requested_by, definition_json, total_points, done_points,
                   catalog_version, created_at)
values ('export benchmark', 'SUCCEEDED', 'API', 'export-benchmark', '{}', $ROWS, $ROWS, 'bench',
        timestamp with time zone '2026-03-01 00:00:00+00');
SQL
}

points_sql() { # series expression producing column x
  cat <<SQL
insert into sweep_point (sweep_id, scenario_key, point_index, model_id, hardware_id, profile_id, optimizations,
                         tensor_parallel, precision_name, input_tokens, output_tokens, concurrency, status, chips,
                         output_throughput, total_token_throughput, median_ttft_ms, median_tpot_ms, profile_sha256,
                         catalog_version, completed_at)
select (select max(id) from sweep), concat('bench-', x), x, 'Qwen/Qwen3-30B-A3B',
       case when mod(x, 2) = 0 then 'trn2' else 'h100-sxm' end, 'vllm', 'fused-qkv,bucketing', 4, 'bf16', 1024, 1024,
       1 + mod(x, 256), 'SUCCEEDED', 1, 100.0 + x / 7.0, 200.0 + x / 7.0, 35.5 + mod(x, 100) / 3.0,
       12.25 + mod(x, 50) / 9.0, 'sha', 'bench', timestamp with time zone '2026-03-01 12:00:00+00'
from $1;
SQL
}

start() { # label, extra args...
  local label=$1; shift
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
  java -Xmx"$HEAP" ${JAVA_OPTS:-} -Xlog:gc:file="$WORK_DIR/gc-$label.log":uptime -jar "$JAR" --server.port="$PORT" \
    --costbench.data-dir="$WORK_DIR/data" --costbench.nightly.enabled=false "$@" >"$WORK_DIR/$label.log" 2>&1 &
  PID=$!
  local deadline=$((SECONDS + ${START_TIMEOUT:-900}))
  until curl -fs "http://127.0.0.1:$PORT/actuator/health" | grep -q '"UP"'; do
    ((SECONDS < deadline)) || { log "$label: not healthy in time, see $WORK_DIR/$label.log"; exit 1; }
    sleep 1
  done
  log "$label: service up (pid $PID, -Xmx$HEAP)"
}

cpu_ticks() { # user + system clock ticks of the service so far (all threads)
  awk '{print $14 + $15}' "/proc/$PID/stat"
}

used_heap_kb() { # sum of used columns of one jstat -gc sample: S0U S1U EU OU
  jstat -gc "$PID" | awk 'NR==2 {printf "%d", $3+$4+$6+$8}'
}

export_once() { # label, run name, force full GCs (1/0): one timed download, with heap sampling
  local label=$1 run=$2 force=$3 idle_kb=$4
  local gc_mark; gc_mark=$(wc -l <"$WORK_DIR/gc-$label.log")
  jstat -gc "$PID" 100 >"$WORK_DIR/jstat-$label-$run.txt" &
  local sampler=$! live_sampler=""
  if [[ "$force" == 1 ]]; then
    # What the export keeps alive: a full GC every 2 s, then the used heap (the sampled peak includes garbage). The
    # GC log's "Pause Full ... 85M->38M" gives the heap right after each of them (a jstat sample would come too late).
    ( while kill -0 "$PID" 2>/dev/null; do sleep 2; jcmd "$PID" GC.run >/dev/null 2>&1 || break; done ) &
    live_sampler=$!
  fi
  local timing cpu_before cpu_after
  cpu_before=$(cpu_ticks)
  timing=$(curl -sS -o "$WORK_DIR/$label.csv" -w '%{http_code} %{time_starttransfer} %{time_total} %{size_download}' \
    "http://127.0.0.1:$PORT/api/v1/export/costs.csv")
  cpu_after=$(cpu_ticks)
  sleep 0.3; kill "$sampler" $live_sampler; wait "$sampler" $live_sampler 2>/dev/null || true
  local lines; lines=$(wc -l <"$WORK_DIR/$label.csv")
  local peak_kb; peak_kb=$(awk '$1 ~ /^[0-9.]+$/ {u=$3+$4+$6+$8; if (u>m) m=u} END {printf "%d", m}' \
    "$WORK_DIR/jstat-$label-$run.txt")
  # G1 lines: "[12.345s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 60M->12M(256M) 3.456ms"
  local after_gc_mb; after_gc_mb=$(tail -n +"$((gc_mark + 1))" "$WORK_DIR/gc-$label.log" \
    | sed -nE 's/.* [0-9]+M->([0-9]+)M\([0-9]+M\).*/\1/p' | sort -n | tail -1)
  local gcs; gcs=$(tail -n +"$((gc_mark + 1))" "$WORK_DIR/gc-$label.log" | grep -c 'Pause' || true)
  read -r code ttfb total size <<<"$timing"
  printf '%s, %s export: HTTP %s, %d data rows (+1 header), %.1f MB in %.2f s (first byte after %.2f s), ' \
    "$label" "$run" "$code" "$((lines - 1))" "$(echo "$size / 1048576" | bc -l)" "$total" "$ttfb"
  printf 'service CPU %.2f s; ' "$(echo "($cpu_after - $cpu_before) / $(getconf CLK_TCK)" | bc -l)"
  printf 'heap idle %.1f MB, peak used %.1f MB (+%.1f MB over idle, sampled every 100 ms), peak after young GC %s MB' \
    "$(echo "$idle_kb / 1024" | bc -l)" "$(echo "$peak_kb / 1024" | bc -l)" \
    "$(echo "($peak_kb - $idle_kb) / 1024" | bc -l)" "${after_gc_mb:-n/a}"
  if [[ "$force" == 1 ]]; then
    local live_mb; live_mb=$(tail -n +"$((gc_mark + 1))" "$WORK_DIR/gc-$label.log" \
      | sed -nE 's/.*Pause Full.* [0-9]+M->([0-9]+)M\([0-9]+M\).*/\1/p' | sort -n | tail -1)
    printf ' (%s GC pauses, a forced full GC every 2 s), peak live after full GC %s MB (+%.1f MB over idle)\n' \
      "$gcs" "${live_mb:-n/a}" "$(echo "(${live_mb:-0} * 1024 - $idle_kb) / 1024" | bc -l)"
  else
    printf ' (%s GC pauses)\n' "$gcs"
  fi
  rm -f "$WORK_DIR/$label.csv"
}

measure() { # label: the first export after start (timed as is), then a second one that also measures the live heap
  local label=$1
  jcmd "$PID" GC.run >/dev/null; sleep 2; jcmd "$PID" GC.run >/dev/null; sleep 1
  local idle_kb; idle_kb=$(used_heap_kb)
  export_once "$label" first 0 "$idle_kb"
  export_once "$label" second 1 "$idle_kb"
}

# H2: migrate with the service, load the points through H2's auto-server from a second process, export.
if [[ " $DATABASES " == *" h2 "* ]]; then
if [[ -n "${H2_DATA:-}" ]]; then # reuse the database of an earlier run (its points are already there)
  mkdir -p "$WORK_DIR/data"; cp "$H2_DATA/costbench.mv.db" "$WORK_DIR/data/"
  start h2 --spring.datasource.url="jdbc:h2:file:$WORK_DIR/data/costbench;AUTO_SERVER=TRUE" \
    --spring.datasource.password="$H2_PASSWORD"
else
start h2 --spring.datasource.url="jdbc:h2:file:$WORK_DIR/data/costbench;AUTO_SERVER=TRUE" \
  --spring.datasource.password="$H2_PASSWORD"
log "h2: inserting $ROWS points"
# In slices of 100,000: one huge insert would hold its whole undo log in the service's small heap.
{ sweep_sql; for ((from = 0; from < ROWS; from += 100000)); do
    points_sql "system_range($from, $(( (from + 100000 < ROWS ? from + 100000 : ROWS) - 1 )))"; echo "commit;"
  done; } >"$WORK_DIR/points-h2.sql"
java -cp "$H2_JAR" org.h2.tools.RunScript -url "jdbc:h2:file:$WORK_DIR/data/costbench;AUTO_SERVER=TRUE" -user sa \
  -password "$H2_PASSWORD" -script "$WORK_DIR/points-h2.sql"
# A database at rest: the bulk load leaves the file mostly old chunks, which H2's background writer would otherwise
# spend the export compacting (a service that gathered its points over months compacts as it goes).
stop
log "h2: compacting the loaded file"
java -cp "$H2_JAR" org.h2.tools.Shell -url "jdbc:h2:file:$WORK_DIR/data/costbench" -user sa \
  -password "$H2_PASSWORD" -sql "shutdown compact" >/dev/null 2>&1 # (it then reports the closed database)
start h2 --spring.datasource.url="jdbc:h2:file:$WORK_DIR/data/costbench;AUTO_SERVER=TRUE" \
  --spring.datasource.password="$H2_PASSWORD"
fi
measure h2
stop
fi

# PostgreSQL: a fresh database, migrated by the service, loaded with generate_series (or kept from before: PG_KEEP=1).
if [[ " $DATABASES " == *" postgresql "* ]]; then
pg_url="jdbc:postgresql://$PGHOST:5432/$PG_DB"
stored=$(psql -tA -d "$PG_DB" -c "select count(*) from sweep_point" 2>/dev/null || echo 0)
if [[ "${PG_KEEP:-0}" == 1 && "$stored" == "$ROWS" ]]; then
  log "postgresql: reusing the $ROWS points of $PG_DB"
  start postgresql --spring.datasource.url="$pg_url" --spring.datasource.username="$PGUSER" \
    --spring.datasource.password=
else
  psql -q -d postgres -c "drop database if exists $PG_DB with (force)" -c "create database $PG_DB" >/dev/null
  start postgresql --spring.datasource.url="$pg_url" --spring.datasource.username="$PGUSER" \
    --spring.datasource.password=
  log "postgresql: inserting $ROWS points"
  { sweep_sql; points_sql "generate_series(0, $ROWS - 1) as g(x)"; } | psql -q -d "$PG_DB" >/dev/null
  psql -q -d "$PG_DB" -c "vacuum analyze sweep_point" >/dev/null
  log "postgresql: loaded ($(psql -tA -d "$PG_DB" -c "select pg_size_pretty(pg_database_size('$PG_DB'))"))"
fi
measure postgresql
stop
if [[ "${PG_KEEP:-0}" != 1 ]]; then
  psql -q -d postgres -c "drop database if exists $PG_DB with (force)" >/dev/null
fi
fi
log "logs and jstat samples in $WORK_DIR"
