#!/usr/bin/env bash
# Crash test: the packaged service starts the default sweep, is killed with SIGKILL mid-way, and is started again;
# the sweep must complete with every point stored exactly once (recovered chunks re-run, stored points skipped).
# On PostgreSQL (default; its own database, DB=costbench_crash) or on the embedded H2 (DB_KIND=h2: the same data
# folder for both starts, read with H2's shell once the service has stopped).
# Usage: service/src/test/scripts/crash-test.sh   (DB_KIND=h2 | DB=name PORT=n)
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
trap stop_all EXIT

DB_KIND=${DB_KIND:-postgresql}
DB=${DB:-costbench_crash}
PORT=${PORT:-18181}
build
if [[ "$DB_KIND" == h2 ]]; then
  export DB_URL="" DATA_DIR="$WORK_DIR/data-h2"
  H2_JAR=$(ls ~/.m2/repository/com/h2database/h2/*/h2-*.jar | grep -v sources | sort -V | tail -1)
  # Queries the H2 file; only while no instance holds it (H2 is private to its process).
  sql() {
    java -cp "$H2_JAR" org.h2.tools.Shell -url "jdbc:h2:file:$DATA_DIR/costbench" -user sa \
      -password "$(cat "$DATA_DIR/h2-password")" -sql "$2" | sed '1d;$d;s/ *| */|/g;s/^ *//;s/ *$//'
  }
else
  export DB_URL="jdbc:postgresql://$PGHOST:5432/$DB"
  fresh_database "$DB"
fi

start_instance first "$PORT" --costbench.nightly.enabled=false
wait_healthy "$PORT"
created=$(api_post "$PORT" /api/v1/sweeps '{"preset":"default","name":"crash test"}')
id=$(json_field "d['id']" <<<"$created")
total=$(json_field "d['progress']['total']" <<<"$created")
log "sweep $id started: $total points ($DB_KIND)"

# Kill once some points, but not all, are stored.
target=$((total / 4))
until (( $(api_get "$PORT" "/api/v1/sweeps/$id" | json_field "d['progress']['done']") >= target )); do sleep 0.2; done
kill -9 "${PIDS[first]}"
wait "${PIDS[first]}" 2>/dev/null || true
unset 'PIDS[first]'
at_kill=$(sql "$DB" "select count(*) from sweep_point where sweep_id = $id")
in_flight=$(sql "$DB" "select count(*) from qrtz_fired_triggers where requests_recovery")
log "killed -9 with $at_kill/$total points stored, $in_flight chunks in flight (recovery requested)"

restart=$SECONDS
start_instance second "$PORT" --costbench.nightly.enabled=false
wait_healthy "$PORT"
final=$(wait_finished "$PORT" "$id" 900)
log "after restart the sweep finished in $((SECONDS - restart)) s: $(json_field "d['status'], d['progress']" <<<"$final")"
if [[ "$DB_KIND" == h2 ]]; then
  stop_all
fi

# Only the all-numbers line: H2's shell wraps and labels its output differently from psql.
read -r rows distinct done_points < <(sql "$DB" "select count(*) as r, count(distinct scenario_key) as d, (select done_points from sweep where id = $id) as p from sweep_point where sweep_id = $id" | grep -E '^[0-9]+\|[0-9]+\|[0-9]+$' | tr '|' ' ')
log "points stored: $rows rows, $distinct distinct scenarios, counter $done_points (expected $total each)"
sql "$DB" "select executed_by, count(*) from sweep_point where sweep_id = $id group by executed_by order by 2 desc" \
  | sed 's/^/  executed_by|points: /'
sql "$DB" "select status, count(*) from sweep_point where sweep_id = $id group by status order by 1" \
  | sed 's/^/  status|points: /'
log "chunks re-run on the second instance: $(grep -E 'chunk [0-9]+: [0-9]+ points \([1-9][0-9]* already stored\)' \
  "$WORK_DIR/second.log" | wc -l) with stored points skipped"

if [[ "$rows" == "$total" && "$distinct" == "$total" && "$done_points" == "$total" ]]; then
  log "PASS: every point exactly once"
else
  log "FAIL: expected $total points exactly once"
  exit 1
fi
