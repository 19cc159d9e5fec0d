#!/usr/bin/env bash
# Two instances on one PostgreSQL (database costbench_cluster), different ports:
#  1. a sweep's chunks are executed by both (the executing Quartz instance is stored with every point);
#  2. a nightly cron set a little ahead, registered by both, fires on one of them and creates one sweep.
# Usage: service/src/test/scripts/two-instances.sh
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
trap stop_all EXIT

DB=costbench_cluster
PORT_A=${PORT_A:-18191}
PORT_B=${PORT_B:-18192}
export DB_URL="jdbc:postgresql://$PGHOST:5432/$DB"
build
fresh_database "$DB"

# Both instances start well before the nightly fire time; the cron fires once, LEAD seconds from now.
LEAD=${LEAD:-600}
fire_epoch=$(( $(date -u +%s) + LEAD ))
cron="$(date -u -d "@$fire_epoch" +'%-S %-M %-H') * * ?"
log "nightly cron for both instances: '$cron' UTC (fires at $(date -u -d "@$fire_epoch" +%H:%M:%S))"
nightly=(--costbench.nightly.enabled=true "--costbench.nightly.cron=$cron" --costbench.nightly.zone=UTC)

# One after the other: two instances migrating and recording the catalog into a fresh database at the same moment
# collide on catalog_model's primary key (the catalog recorder's insert is not race-safe).
start_instance a "$PORT_A" "${nightly[@]}"
wait_healthy "$PORT_A"
start_instance b "$PORT_B" "${nightly[@]}"
wait_healthy "$PORT_B"
log "cluster members: $(sql "$DB" "select string_agg(instance_name, ', ') from qrtz_scheduler_state")"

created=$(api_post "$PORT_A" /api/v1/sweeps '{"preset":"default","name":"two instances"}')
id=$(json_field "d['id']" <<<"$created")
log "sweep $id started on a: $(json_field "d['progress']['total']" <<<"$created") points"
final=$(wait_finished "$PORT_B" "$id" 900)
log "sweep $id: $(json_field "d['status'], d['progress'], d['startedAt'], d['finishedAt']" <<<"$final")"
sql "$DB" "select executed_by, count(distinct chunk_index) as chunks, count(*) as points from sweep_point
  where sweep_id = $id group by executed_by order by 1" | sed 's/^/  executed_by|chunks|points: /'
executors=$(sql "$DB" "select count(distinct executed_by) from sweep_point where sweep_id = $id")
duplicates=$(sql "$DB" "select count(*) - count(distinct scenario_key) from sweep_point where sweep_id = $id")

now=$(date -u +%s)
if (( now < fire_epoch + 20 )); then
  log "waiting $((fire_epoch + 20 - now)) s for the nightly trigger"
  sleep $((fire_epoch + 20 - now))
fi
nightly_sweeps=$(sql "$DB" "select count(*) from sweep where trigger_kind = 'NIGHTLY'")
sql "$DB" "select id, name, requested_by, created_at from sweep where trigger_kind = 'NIGHTLY'" \
  | sed 's/^/  nightly sweep: /'
fired_a=$(grep -c "nightly sweep [0-9]* for" "$WORK_DIR/a.log" || true)
fired_b=$(grep -c "nightly sweep [0-9]* for" "$WORK_DIR/b.log" || true)
log "nightly job ran on a: $fired_a time(s), on b: $fired_b time(s); NIGHTLY sweeps created: $nightly_sweeps"

status=0
if (( executors >= 2 && duplicates == 0 )); then log "PASS: sweep $id executed by $executors instances, no point twice"
else log "FAIL: sweep $id executed by $executors instance(s), $duplicates duplicate points"; status=1; fi
if (( nightly_sweeps == 1 )); then log "PASS: the nightly trigger created exactly one sweep"
else log "FAIL: $nightly_sweeps nightly sweeps"; status=1; fi
exit $status
