#!/bin/sh
# Range of motion of a long device-motion recording, like for like: the installed (static, release) `regimen motion
# FILE` process against the numpy reference script a researcher would run instead (numpy_baseline.py), on the same
# generated files, 60,000 samples (10 min at 100 Hz, ~31 MB) and 4x that, alternating runs. Prints each side's
# median wall time, the ratio and each process's peak resident memory (from wait4), so a flat Swift memory at 4x
# the length shows the recording is streamed, and checks both give the same values.
# Usage: Benchmarks/run-rom-benchmark.sh [RUNS]   (default 7; REGIMEN=path overrides the binary measured)
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-7}"
work="${TMPDIR:-/tmp}/regimen-rom-benchmark"
mkdir -p "$work"
# The build users install (scripts/install: release, Swift runtime linked in statically, its code order), shared with
# the other benchmarks through REGIMEN_BIN.
if [ -z "${REGIMEN:-}" ]; then
    . "$root/Benchmarks/installed-regimen.sh"
    use_installed_regimen "$root" "$work"
    REGIMEN="$REGIMEN_BIN"
fi
python3 - "$REGIMEN" "$root/Benchmarks/RangeOfMotionBenchmarks/numpy_baseline.py" "$work" "$runs" <<'PY'
import json, math, os, random, subprocess, sys, time

regimen, numpy_script, work, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def generate(path, count):
    """A portrait knee recording, every ORK field present, deterministic (same shape as RecordingGenerator)."""
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

for count in (60_000, 240_000):
    path = os.path.join(work, f"deviceMotion-{count}.json")
    generate(path, count)
    size = os.path.getsize(path) / 1e6
    swift_cmd = [regimen, "motion", path, "--format", "json"]
    numpy_cmd = [sys.executable, numpy_script, path]
    run(swift_cmd); run(numpy_cmd)  # warm the page cache
    swift, numpy = [], []
    for _ in range(runs):
        swift.append(run(swift_cmd))
        numpy.append(run(numpy_cmd))
    ours, theirs = json.loads(swift[-1][2]), json.loads(numpy[-1][2])
    difference = max(abs(ours[k] - theirs[k]) for k in ("start", "finish", "minimum", "maximum", "range"))
    s, n = median([r[0] for r in swift]), median([r[0] for r in numpy])
    sc, nc = median([r[3] for r in swift]), median([r[3] for r in numpy])
    label = f"{count // 1000}k samples ({size:.0f} MB)"
    print(f"Swift `regimen motion`, {label}: median {s * 1000:.1f} ms wall, {sc * 1000:.1f} ms CPU of {runs}, "
          f"peak RSS {max(r[1] for r in swift):.1f} MiB")
    print(f"numpy reference,        {label}: median {n * 1000:.1f} ms wall, {nc * 1000:.1f} ms CPU of {runs}, "
          f"peak RSS {max(r[1] for r in numpy):.1f} MiB")
    print(f"speed-up, {label}: {n / s:.1f}x wall, {nc / sc:.1f}x CPU (goals at 60k: <= 60 ms, >= 25x; Swift memory "
          f"flat in length); values agree to {difference:.3g} degrees")
PY
