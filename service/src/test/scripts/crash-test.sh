#!/usr/bin/env bash
# Crash test: the packaged service on PostgreSQL starts the default sweep, is killed with SIGKILL mid-way, and is
# started again; the sweep must complete with every point stored exactly once (recovered chunks re-run, stored points
# skipped). Uses its own database, costbench_crash. Usage: service/src/test/scripts/crash-test.sh
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
trap stop_all EXIT

DB=costbench_crash
PORT=${PORT:-18181}
export DB_URL="jdbc:postgresql://$PGHOST:5432/$DB"
build
fresh_database "$DB"

start_instance first "$PORT" --costbench.nightly.enabled=false
wait_healthy "$PORT"
created=$(api_post "$PORT" /api/v1/sweeps '{"preset":"default","name":"crash test"}')
id=$(json_field "d['id']" <<<"$created")
total=$(json_field "d['progress']['total']" <<<"$created")
log "sweep $id started: $total points"

# Kill once some points, but not all, are stored.
target=$((total / 4))
until (( $(sql "$DB" "select count(*) from sweep_point where sweep_id = $id") >= target )); do sleep 0.2; done
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

read -r rows distinct done_points < <(sql "$DB" "select count(*), count(distinct scenario_key),
  (select done_points from sweep where id = $id) from sweep_point where sweep_id = $id" | tr '|' ' ')
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
