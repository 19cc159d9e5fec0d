#!/usr/bin/env bash
# Stress test: the packaged service on H2 with a 256 MB heap takes the heaviest requests it accepts (a prediction,
# a sweep point and a break-even just inside the simulation budget, and eight identical pushes at once) in parallel
# with a stream of ordinary requests for 60 s. Checks: health stays UP, the ordinary requests' p99 stays under 1 s,
# the heap stays under its cap (nothing died of OutOfMemoryError), nothing is stored twice.
# Usage: service/src/test/scripts/stress-test.sh [extra service arguments]
#        (PORT=18201 DURATION=60 SKIP_BUILD=1 to reuse the jar)
set -euo pipefail
source "$(dirname "$0")/sweep-lib.sh"
trap stop_all EXIT

PORT=${PORT:-18201}
DURATION=${DURATION:-60}
HEAP_MB=256
build
log "starting the jar with -Xmx${HEAP_MB}m on H2 (data in $WORK_DIR/data-stress)"
COSTBENCH_SECURITY_BOOTSTRAP_TOKEN="$COSTBENCH_TOKEN" \
  java -Xmx${HEAP_MB}m -XX:+ExitOnOutOfMemoryError -jar "$JAR" --server.port="$PORT" \
  --costbench.data-dir="$WORK_DIR/data-stress" --costbench.nightly.enabled=false "$@" >>"$WORK_DIR/stress.log" 2>&1 &
PIDS[stress]=$!
wait_healthy "$PORT" 300

python3 - "$PORT" "$DURATION" "$COSTBENCH_TOKEN" "${PIDS[stress]}" "$HEAP_MB" <<'PY'
import json, re, subprocess, sys, threading, time, urllib.error, urllib.request, uuid
port, duration, token, pid, heap_mb = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
base = f"http://127.0.0.1:{port}"
auth = {"Authorization": f"Bearer {token}"}

def call(method, path, body=None, headers=None, timeout=120):
    data = None if body is None else json.dumps(body).encode()
    h = {"Content-Type": "application/json", **(headers or {})}
    req = urllib.request.Request(base + path, data=data, method=method, headers=h)
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    except Exception as e:  # connection refused, reset, timeout: the service is not answering
        status, text = 0, str(e)
    return status, text, time.monotonic() - start

def largest(over_budget_text):
    m = re.search(r"at most ([0-9,]+) prompts", over_budget_text)
    return int(m.group(1).replace(",", "")) if m else None

# The heaviest accepted prediction: ask for far too much, then for the largest prompt count the 422 names.
heavy = {"model": "llama-3.1-8b", "hardware": "h100-sxm", "profile": "vllm", "inputTokens": 1,
         "outputTokens": 100000, "concurrency": 7, "numPrompts": 2684}
status, text, _ = call("POST", "/api/v1/predictions", heavy)
assert status == 422, (status, text)
heavy["numPrompts"] = largest(text)
print(f"over-budget prediction refused with 422; heaviest accepted: {heavy['numPrompts']} prompts of 1/100,000 "
      f"tokens at concurrency 7", flush=True)

# Warm-up (JIT, first page renders), not measured: ordinary requests only.
for _ in range(3):
    for path in ["/api/v1/catalog", "/api/v1/prices", "/api/v1/runs?hardware=h100-sxm", "/api/v1/sweeps", "/"]:
        call("GET", path)
stop = time.monotonic() + duration
results = {"heavy prediction": [], "break-even": [], "sweep": [], "push": []}
ordinary = []
health = []
heap = []
lock = threading.Lock()

def heavy_predictions():
    while time.monotonic() < stop:
        s, t, d = call("POST", "/api/v1/predictions", heavy)
        with lock: results["heavy prediction"].append((s, d))

def break_evens():
    q = ("/api/v1/break-even?model=llama-3.1-8b&inputTokens=1024&outputTokens=24000"
         "&concurrencies=64,128,256,512,1024")
    while time.monotonic() < stop:
        s, t, d = call("GET", q)
        with lock: results["break-even"].append((s, d))

sweep_ids = []
def sweeps():
    n = 0
    while time.monotonic() < stop - 10:
        definition = {"name": f"stress {n}", "models": ["llama-3.1-8b"],
                      "targets": [{"hardware": "h100-sxm", "profile": "vllm"}], "concurrencies": [7],
                      "workloads": [{"inputTokens": 1, "outputTokens": 100000}],
                      "numPrompts": {"perConcurrency": 0, "minimum": heavy["numPrompts"]}, "seed": n}
        s, t, d = call("POST", "/api/v1/sweeps", definition, auth)
        with lock: results["sweep"].append((s, d))
        if s == 202:
            sweep_ids.append(json.loads(t)["id"])
        n += 1
        time.sleep(15)

push_series = []
def pushes():
    while time.monotonic() < stop - 5:
        hardware = f"h100-stress-{uuid.uuid4()}"
        push_series.append(hardware)
        body = {"format": "costbench", "context": {"model": "llama-3.1-8b", "hardware": hardware,
                "profile": "vllm", "tensorParallel": 1, "precision": "bf16", "inputTokens": 1,
                "outputTokens": 100000, "concurrency": 7, "gitSha": uuid.uuid4().hex, "branch": "main",
                "ciUrl": "https://ci.example.com/" + hardware},
                "result": {"metrics": {"output_throughput": 100.0, "median_tpot_ms": 20.0}}}
        threads = [threading.Thread(target=lambda: results["push"].append(call("POST", "/api/v1/runs", body, auth)[::2]))
                   for _ in range(8)]
        for th in threads: th.start()
        for th in threads: th.join()
        time.sleep(2)

def ordinaries():
    paths = ["/api/v1/catalog", "/api/v1/prices", "/api/v1/runs?hardware=h100-sxm", "/api/v1/sweeps", "/"]
    i = 0
    while time.monotonic() < stop:
        s, t, d = call("GET", paths[i % len(paths)], timeout=30)
        with lock: ordinary.append((s, d, paths[i % len(paths)]))
        i += 1
        time.sleep(0.05)

def small_predictions():
    small = {"model": "llama-3.1-8b", "hardware": "h100-sxm", "profile": "vllm", "inputTokens": 512,
             "outputTokens": 128, "concurrency": 4, "numPrompts": 20}
    while time.monotonic() < stop:
        s, t, d = call("POST", "/api/v1/predictions", small, auth, timeout=30)
        with lock: ordinary.append((s, d, "small prediction"))
        time.sleep(0.2)

def watch_health():
    while time.monotonic() < stop + 5:
        s, t, d = call("GET", "/actuator/health", timeout=10)
        health.append(s)
        time.sleep(1)

def watch_heap():
    while time.monotonic() < stop + 5:
        out = subprocess.run(["jcmd", pid, "GC.heap_info"], capture_output=True, text=True).stdout
        m = re.search(r"total (\d+)K, used (\d+)K", out)
        if m:
            heap.append(int(m.group(2)) / 1024)
        time.sleep(2)

threads = [threading.Thread(target=f) for f in
           (heavy_predictions, heavy_predictions, break_evens, sweeps, pushes, ordinaries, ordinaries,
            small_predictions, watch_health, watch_heap)]
for th in threads: th.start()
for th in threads: th.join()

def p(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q / 100 * (len(values) - 1) + 0.5))] if values else float("nan")

failures = []
print(f"\n{duration:.0f} s under load, heap cap {heap_mb} MB")
for kind, rows in results.items():
    statuses = {}
    for s, d in rows:
        statuses[s] = statuses.get(s, 0) + 1
    times = [d for s, d in rows]
    print(f"  {kind:17s} {len(rows):4d} requests, statuses {dict(sorted(statuses.items()))}, "
          f"median {p(times, 50):.2f} s, max {max(times) if times else float('nan'):.2f} s")
    if 0 in statuses or 500 in statuses:
        failures.append(f"{kind}: unanswered or 500")
lat = [d for s, d, path in ordinary]
bad = [s for s, d, path in ordinary if s not in (200,)]
for path in sorted({path for s, d, path in ordinary}):
    mine = [d for s, d, q in ordinary if q == path]
    print(f"    {path:32s} {len(mine):4d} requests, p50 {p(mine, 50)*1000:.0f} ms, max {max(mine)*1000:.0f} ms")
print(f"  ordinary          {len(ordinary):4d} requests, non-200 {len(bad)}, p50 {p(lat, 50)*1000:.0f} ms, "
      f"p99 {p(lat, 99)*1000:.0f} ms, max {max(lat)*1000:.0f} ms")
print(f"  health            {len(health)} checks, UP {health.count(200)}, other {len(health) - health.count(200)}")
print(f"  heap used         max {max(heap):.0f} MB of {heap_mb} MB ({len(heap)} samples)")
if p(lat, 99) >= 1.0: failures.append("ordinary p99 >= 1 s")
if bad: failures.append(f"{len(bad)} ordinary requests not 200")
if health.count(200) != len(health): failures.append("health not always UP")
if not heap or max(heap) >= heap_mb: failures.append("heap at the cap")

# Nothing stored twice: one run per pushed series, each sweep's points exactly once.
for hardware in push_series:
    s, t, d = call("GET", f"/api/v1/runs?hardware={hardware}")
    n = len(json.loads(t).get("items", json.loads(t).get("runs", []))) if s == 200 else -1
    if n != 1: failures.append(f"series {hardware}: {n} runs stored")
print(f"  pushes            {len(push_series)} series pushed 8 times at once each; stored once each: "
      f"{not any(f.startswith('series') for f in failures)}")
for sid in sweep_ids:
    deadline = time.monotonic() + 120
    while True:
        s, t, d = call("GET", f"/api/v1/sweeps/{sid}", headers=auth)
        sweep = json.loads(t)
        if sweep["status"] in ("SUCCEEDED", "PARTIAL", "FAILED", "CANCELLED") or time.monotonic() > deadline:
            break
        time.sleep(1)
    prog = sweep["progress"]
    s, t, d = call("GET", f"/api/v1/sweeps/{sid}/results?page=0&size=5")
    reasons = {i.get("errorMessage") for i in (json.loads(t).get("items") or json.loads(t).get("points") or [])
               if isinstance(i, dict) and i.get("errorMessage")} if s == 200 else set()
    print(f"  sweep {sid}          {sweep['status']}, progress {prog} {sorted(reasons)}")
    if sweep["status"] not in ("SUCCEEDED", "PARTIAL", "FAILED"): failures.append(f"sweep {sid} unfinished")
if failures:
    print("FAIL: " + "; ".join(failures)); sys.exit(1)
print("PASS: healthy throughout, ordinary p99 under 1 s, heap under the cap, nothing stored twice")
PY
