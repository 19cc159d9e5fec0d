#!/usr/bin/env bash
# Speed of the default sweep end to end (simulation + storage), on H2 (file mode, fresh data folder) and on
# PostgreSQL (fresh database costbench_speed): packaged service, one instance, time from creation to finish as stored,
# plus the storage share and how long the chunk threads waited on the last chunk (the tail) from the chunk log lines.
# Usage: service/src/test/scripts/sweep-speed.sh (PORT, and DATABASE for the PostgreSQL database's name, may be set)
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
trap stop_all EXIT
PORT=${PORT:-18201}
DATABASE=${DATABASE:-costbench_speed}
build

measure() { # label
  local created id final
  created=$(api_post "$PORT" /api/v1/sweeps '{"preset":"default","name":"speed"}')
  id=$(json_field "d['id']" <<<"$created")
  final=$(wait_finished "$PORT" "$id" 900)
  python3 - "$1" "$final" "$WORK_DIR/$1.log" "$id" <<'PY'
import datetime as dt, json, re, sys
label, sweep, logfile, sweep_id = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], sys.argv[4]
parse = lambda s: dt.datetime.fromisoformat(s.replace('Z', '+00:00'))
total = (parse(sweep['finishedAt']) - parse(sweep['createdAt'])).total_seconds()
queued = (parse(sweep['startedAt']) - parse(sweep['createdAt'])).total_seconds()
chunk = re.compile(r'^(\S+) .*\[\s*([^\]]+)\] .*sweep %s chunk \d+: (\d+) points .* in (\d+) ms, storage (\d+) ms'
                   % sweep_id)
points = busy = storage = 0
last_end = {}
for line in open(logfile):
    m = chunk.search(line)
    if m:
        points += int(m[3]); busy += int(m[4]); storage += int(m[5])
        last_end[m[2]] = parse(m[1])
tail = (max(last_end.values()) - min(last_end.values())).total_seconds() if len(last_end) > 1 else 0.0
p = sweep['progress']
print(f"{label}: {sweep['status']} {p['done']}/{p['total']} points ({p['failed']} failed, {p['skipped']} skipped) "
      f"in {total:.1f} s end to end (queued {queued:.1f} s); chunk threads busy {busy/1000:.1f} s, "
      f"of which storage {storage/1000:.2f} s ({storage/max(points,1):.2f} ms/point); the first chunk thread to "
      f"finish idled {tail:.1f} s before the last")
PY
}

export DB_URL="jdbc:h2:file:$WORK_DIR/h2/costbench;AUTO_SERVER=TRUE" DB_USER=sa
start_instance h2 "$PORT" --costbench.nightly.enabled=false
wait_healthy "$PORT"
measure h2
stop_all

fresh_database "$DATABASE"
export DB_URL="jdbc:postgresql://$PGHOST:5432/$DATABASE" DB_USER=postgres
start_instance postgresql "$PORT" --costbench.nightly.enabled=false
wait_healthy "$PORT"
measure postgresql
