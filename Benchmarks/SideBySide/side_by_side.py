#!/usr/bin/env python3
"""Times commands side by side: each round runs every command once, in turn (alternating, so a burst of load on the
machine hits all of them alike), and the figures reported are medians over the rounds. For each run: wall time from
spawn to exit, CPU time (user + system, from wait4's rusage) and peak resident memory (ru_maxrss).

Usage: side_by_side.py --runs N --warmup W [--prepare SHELL] [--json OUT] [--memory-split] NAME=COMMAND…
  COMMAND is split like a shell would (shlex) and run without a shell; --prepare runs (in a shell, untimed) before
  every run of every command, e.g. to remove the store an ingest writes. Prints one line per command.
  --memory-split: after the timed rounds, one more untimed run of each command, its /proc/PID/status read every 2 ms,
  reports what was resident at the sample with the most: the process's own memory (RssAnon) and pages of mapped files
  such as its executable and libraries (RssFile), as proc(5) describes them.
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv, prepare):
    if prepare:
        subprocess.run(prepare, shell=True, check=True)
    with open(os.devnull, "wb") as null:
        started = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"'{shlex.join(argv)}' exited with status {os.waitstatus_to_exitcode(status)}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "user": usage.ru_utime, "system": usage.ru_stime,
            "rss_kib": usage.ru_maxrss}


def memory_split(argv, prepare):
    """One untimed run, polled: (RssAnon, RssFile) in KiB at the sample with the largest VmRSS."""
    if prepare:
        subprocess.run(prepare, shell=True, check=True)
    best = (0, 0, 0)
    with open(os.devnull, "wb") as null:
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1)])
        while True:
            try:
                with open(f"/proc/{pid}/status") as status:
                    fields = dict(line.split(":", 1) for line in status if line.startswith(("VmRSS", "RssAnon", "RssFile")))
                sample = tuple(int(fields[key].split()[0]) for key in ("VmRSS", "RssAnon", "RssFile"))
                best = max(best, sample)
            except (OSError, KeyError, ValueError):
                pass  # between spawn and exec, or exited (a zombie has no memory lines)
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.002)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"'{shlex.join(argv)}' exited with status {os.waitstatus_to_exitcode(status)}")
    return {"rss_kib": best[0], "anon_kib": best[1], "file_kib": best[2]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--prepare")
    parser.add_argument("--json")
    parser.add_argument("--memory-split", action="store_true")
    parser.add_argument("commands", nargs="+")
    options = parser.parse_args()
    commands = [(entry.split("=", 1)[0], shlex.split(entry.split("=", 1)[1])) for entry in options.commands]
    runs = {name: [] for name, _ in commands}
    for round_number in range(options.warmup + options.runs):
        for name, argv in commands:
            figures = run_once(argv, options.prepare)
            if round_number >= options.warmup:
                runs[name].append(figures)
    medians = {
        name: {key: statistics.median(run[key] for run in results) for key in ("wall", "cpu", "user", "system", "rss_kib")}
        for name, results in runs.items()
    }
    for name, median in medians.items():
        print(f"{name}: wall {median['wall'] * 1000:.1f} ms, CPU {median['cpu'] * 1000:.1f} ms "
              f"(user {median['user'] * 1000:.1f} + sys {median['system'] * 1000:.1f}), "
              f"peak RSS {median['rss_kib'] / 1024:.1f} MiB   (medians of {options.runs} alternating runs)")
    splits = {}
    if options.memory_split:
        for name, argv in commands:
            split = splits[name] = memory_split(argv, options.prepare)
            print(f"{name}: at its most resident (one more run, sampled every 2 ms): {split['anon_kib'] / 1024:.1f} MiB "
                  f"its own (RssAnon) + {split['file_kib'] / 1024:.1f} MiB of mapped files (RssFile)")
    if options.json:
        with open(options.json, "w") as out:
            json.dump({"medians": medians, "runs": runs, "memory_split": splits}, out, indent=1)


if __name__ == "__main__":
    main()
