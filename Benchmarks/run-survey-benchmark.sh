#!/bin/bash
# Survey expressions (issue 44; docs/performance.md, "Survey expressions"), like for like, side by side:
#   1. in process (ordo-one target SurveyBenchmarks): each survey of Benchmarks/SurveyBenchmarks/surveys answered
#      from lines through the runner a pipe drives, with its expressions and without them; 10,000 check-ins answered
#      and extracted with a calculated score and without. Goals: the expressions' cost at most 50 µs per answer for
#      the PHQ-9 total and the BMI; the check-ins at most 1.1x.
#   2. the installed `regimen run` (scripts/install) from a pipe, N check-ins (default 10,000) into one store, the
#      scored and the plain survey alternating in blocks of 250 so that both see the same machine and the same store
#      size; each run on its own day (--date). Goal: at most 1.1x.
# Usage: Benchmarks/run-survey-benchmark.sh [CHECKINS]   (REGIMEN_BIN=path measures that binary instead of installing)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
count="${1:-10000}"
work="${TMPDIR:-/tmp}/regimen-survey-benchmark"
mkdir -p "$work"

echo "== in process: swift package benchmark --target SurveyBenchmarks"
(cd "$root/Benchmarks" && swift package benchmark --target SurveyBenchmarks --no-progress) | tee "$work/in-process.log"

. "$root/Benchmarks/installed-regimen.sh"
use_installed_regimen "$root" "$work"
python3 - "$REGIMEN_BIN" "$root/Benchmarks/SurveyBenchmarks/surveys" "$work" "$count" "$work/in-process.log" <<'PY'
import datetime, os, re, shutil, subprocess, sys, time

regimen, surveys, work, count, log = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

# In process: the p50 wall clock of each benchmark, from ordo-one's table.
p50 = {}
name = None
for line in open(log, encoding="utf-8"):
    if re.match(r"^[a-z0-9-]+: ", line):
        name = line.split(":")[0]
    elif name and "Time (wall clock)" in line:
        cells = [cell.strip() for cell in line.split("│") if cell.strip()]
        unit = re.search(r"\((μs|ms|ns|s)\)", cells[0]).group(1)
        p50[name] = (float(cells[3]), unit)
status = 0
for survey, answers in (("phq9", 9), ("bmi", 2)):
    with_, plain = p50.get(f"{survey}-total" if survey == "phq9" else "bmi-calculated"), p50.get(f"{survey}-plain")
    if not with_ or not plain:
        print(f"FAIL: no in-process figures for {survey}"); status = 1; continue
    cost = (with_[0] - plain[0]) / answers
    verdict = "PASS" if cost <= 50 else "FAIL"
    status |= verdict == "FAIL"
    print(f"in process, {survey}: {with_[0]:.0f} {with_[1]} with expressions, {plain[0]:.0f} {plain[1]} without, "
          f"{answers} answers: {cost:.1f} µs per answer for the expressions ({verdict}, goal <= 50)")
scored, plain = p50.get("checkin-scored"), p50.get("checkin-plain")
if scored and plain:
    ratio = scored[0] / plain[0]
    status |= ratio > 1.1
    print(f"in process, 10,000 check-ins answered and extracted: {scored[0]:.0f} {scored[1]} with a calculated score, "
          f"{plain[0]:.0f} {plain[1]} without: {ratio:.2f}x ({'PASS' if ratio <= 1.1 else 'FAIL'}, goal <= 1.1x)")

# Installed regimen, from a pipe.
home = os.path.join(work, "home")
shutil.rmtree(home, ignore_errors=True)
os.makedirs(home, mode=0o700)
env = dict(os.environ, REGIMEN_HOME=home, NO_COLOR="1")
start = datetime.date(1990, 1, 1)  # 10,000 days end in 2017: never a day in the future
totals = {"checkin-scored": 0.0, "checkin-plain": 0.0}
runs = {"checkin-scored": 0, "checkin-plain": 0}
block = 250
day = 0
while runs["checkin-plain"] < count:
    for task in ("checkin-scored", "checkin-plain"):
        n = min(block, count - runs[task])
        began = time.perf_counter()
        for index in range(n):
            date = (start + datetime.timedelta(days=day + index)).isoformat()
            answers = f"{1 + index % 10}\n{index % 13}\n"
            done = subprocess.run(
                [regimen, "run", task, "--surveys", surveys, "--store", os.path.join(home, task + ".sqlite"),
                 "--results", os.path.join(home, "results"), "--date", date],
                input=answers.encode(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
            if done.returncode != 0:
                sys.exit(f"FAIL: regimen run {task} --date {date}: {done.stderr.decode()[-500:]}")
        totals[task] += time.perf_counter() - began
        runs[task] += n
    day += block
ratio = totals["checkin-scored"] / totals["checkin-plain"]
print(f"regimen run from a pipe, {count} check-ins each: {totals['checkin-scored']:.1f} s with a calculated score, "
      f"{totals['checkin-plain']:.1f} s without: {ratio:.3f}x ({'PASS' if ratio <= 1.1 else 'FAIL'}, goal <= 1.1x)")
sys.exit(status | (ratio > 1.1))
PY
