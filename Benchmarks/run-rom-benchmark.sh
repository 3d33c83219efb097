#!/bin/sh
# Range of motion of a long device-motion recording, like for like (issues 14 and 50): the installed (static, release)
# `regimen motion FILE` process against the numpy reference script a researcher would run instead (numpy_baseline.py),
# on the same files, alternating runs. The recordings are the real phone file of the shared fixtures
# (../shared/fixtures/motion/mhealthtools_phone_data_test.json: CoreMotion's key order, `", "` and `": "` between
# members, E-notation) tiled by the shared generator make_long_recording.py to 60,000 samples (10 min at 100 Hz,
# ~31 MB) and 4x that; the earlier generated recording (every ORK field, compact, a knee movement) at 60,000 samples
# is reported beside them. Prints each side's median wall and CPU time, the ratio and each process's peak resident
# memory (from wait4), so a flat Swift memory at 4x the length shows the recording is streamed, and checks both give
# the same values. Goal: at most 30 ms wall at 60,000 samples of the real layout (PASS/FAIL, exit 1 when missed).
# The shared generator and fixture are read from ../shared beside the project (REGIMEN_SHARED overrides), never
# copied into it.
# Usage: Benchmarks/run-rom-benchmark.sh [RUNS]   (default 9; REGIMEN=path overrides the binary measured)
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-9}"
work="${TMPDIR:-/tmp}/regimen-rom-benchmark"
shared="${REGIMEN_SHARED:-$root/../shared}"
for needed in bench/make_long_recording.py fixtures/motion/mhealthtools_phone_data_test.json; do
    [ -f "$shared/$needed" ] || { echo "FAIL: $shared/$needed not found: the shared generators and fixtures live in ../shared beside the project (or set REGIMEN_SHARED)" >&2; exit 1; }
done
mkdir -p "$work"
# The build users install (scripts/install: release, Swift runtime linked in statically, its code order), shared with
# the other benchmarks through REGIMEN_BIN.
if [ -z "${REGIMEN:-}" ]; then
    . "$root/Benchmarks/installed-regimen.sh"
    use_installed_regimen "$root" "$work"
    REGIMEN="$REGIMEN_BIN"
fi
python3 - "$REGIMEN" "$root/Benchmarks/RangeOfMotionBenchmarks/numpy_baseline.py" "$work" "$runs" "$shared" <<'PY'
import json, math, os, random, subprocess, sys, time

regimen, numpy_script, work, runs, shared = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

def tile(path, count):
    """The real phone recording tiled to `count` samples by the shared generator."""
    if os.path.exists(path):
        return
    source = os.path.join(shared, "fixtures", "motion", "mhealthtools_phone_data_test.json")
    subprocess.run([sys.executable, os.path.join(shared, "bench", "make_long_recording.py"), source, path + ".tmp",
                    str(count)], check=True)
    os.replace(path + ".tmp", path)

def generate(path, count):
    """The earlier input: a portrait knee recording, every ORK field present, compact, deterministic (same shape as
    RecordingGenerator)."""
    if os.path.exists(path):
        return
    rnd = random.Random(42)
    with open(path + ".tmp", "w") as out:
        out.write('{"items":[')
        for i in range(count):
            t = i / 100
            pitch = (90 - 40 * (1 - math.cos(2 * math.pi * t / 6)) + 0.3 * rnd.uniform(-1, 1)) * math.pi / 180
            yaw = 0.5 * rnd.uniform(-1, 1) * math.pi / 180
            sx, cx, sz, cz = math.sin(pitch / 2), math.cos(pitch / 2), math.sin(yaw / 2), math.cos(yaw / 2)
            x, y, z, w = cz * sx, sz * sx, sz * cx, cz * cx
            g = (-(2 * (x * z - w * y)), -(2 * (y * z + w * x)), -(1 - 2 * (x * x + y * y)))
            r = [rnd.uniform(-0.05, 0.05) for _ in range(3)]
            a = [rnd.uniform(-0.01, 0.01) for _ in range(3)]
            out.write(("," if i else "") + '{"attitude":{"y":%r,"w":%r,"z":%r,"x":%r},"timestamp":%r,'
                      '"timestampSince1970":%r,"rotationRate":{"x":%r,"y":%r,"z":%r},'
                      '"userAcceleration":{"x":%r,"y":%r,"z":%r},"gravity":{"x":%r,"y":%r,"z":%r},'
                      '"magneticField":{"y":0,"z":0,"x":0,"accuracy":-1}}'
                      % (y, w, z, x, 80512.437 + t, 1767261600 + t, *r, *a, *g))
        out.write("]}")
    os.replace(path + ".tmp", path)

def run(command):
    """Wall seconds, peak RSS (MiB), stdout and CPU seconds (user + system) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(command)}")
    return seconds, usage.ru_maxrss / 1024, output, usage.ru_utime + usage.ru_stime

def median(values):
    return sorted(values)[len(values) // 2]

results = {}
inputs = [("real layout", "deviceMotion-real", tile, 60_000), ("real layout", "deviceMotion-real", tile, 240_000),
          ("earlier generated layout", "deviceMotion", generate, 60_000)]
for layout, name, make, count in inputs:
    path = os.path.join(work, f"{name}-{count}.json")
    make(path, count)
    size = os.path.getsize(path) / 1e6
    swift_cmd = [regimen, "motion", path, "--format", "json"]
    numpy_cmd = [sys.executable, numpy_script, path]
    run(swift_cmd); run(numpy_cmd)  # warm the page cache
    swift, numpy = [], []
    for _ in range(runs):
        swift.append(run(swift_cmd))
        numpy.append(run(numpy_cmd))
    ours, theirs = json.loads(swift[-1][2]), json.loads(numpy[-1][2])
    if ours["sampleCount"] != count:
        sys.exit(f"FAIL: regimen motion read {ours['sampleCount']} samples of {path}, not {count}")
    difference = max(abs(ours[k] - theirs[k]) for k in ("start", "finish", "minimum", "maximum", "range"))
    if not difference <= 1e-6:
        sys.exit(f"FAIL: regimen motion and the numpy reference differ by {difference:.3g} degrees on {path}")
    s, n = median([r[0] for r in swift]), median([r[0] for r in numpy])
    sc, nc = median([r[3] for r in swift]), median([r[3] for r in numpy])
    label = f"{layout}, {count // 1000}k samples ({size:.0f} MB)"
    results[(layout, count)] = s
    print(f"Swift `regimen motion`, {label}: median {s * 1000:.1f} ms wall, {sc * 1000:.1f} ms CPU of {runs}, "
          f"peak RSS {max(r[1] for r in swift):.1f} MiB")
    print(f"numpy reference,        {label}: median {n * 1000:.1f} ms wall, {nc * 1000:.1f} ms CPU of {runs}, "
          f"peak RSS {max(r[1] for r in numpy):.1f} MiB")
    print(f"speed-up, {label}: {n / s:.1f}x wall, {nc / sc:.1f}x CPU; values agree to {difference:.3g} degrees")
load, cores = os.getloadavg()[0], os.cpu_count() or 1
if load > cores:
    print(f"NOTE: load average {load:.1f} on {cores} cores during the run; rerun on a quiet machine before trusting a verdict near a limit")
wall = results[("real layout", 60_000)]
ok = wall <= 0.030
print(f"{'PASS' if ok else 'FAIL'}: {wall * 1000:.1f} ms wall at 60k samples of the real layout (goal <= 30 ms)")
sys.exit(0 if ok else 1)
PY
