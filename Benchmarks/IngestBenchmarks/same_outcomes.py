#!/usr/bin/env python3
"""Checks that `regimen ingest` stored what the plain script stored from the same files: the same run UUIDs, each with
the same end instant and the same values by kind. REGIMEN_STORE is a care store (outcome, outcomeValue; dates in
seconds since 2001-01-01), SCRIPT_STORE the script's (outcome, outcome_value; the end as the file's text). Prints the
first differences and exits 1 when there are any.
Usage: same_outcomes.py REGIMEN_STORE SCRIPT_STORE
"""
import datetime
import sqlite3
import sys

REFERENCE = 978_307_200  # 2001-01-01T00:00:00Z, Foundation's reference date, in Unix seconds

ours_store, theirs_store = sys.argv[1], sys.argv[2]
ours, theirs = {}, {}
connection = sqlite3.connect(ours_store)
for run, end, kind, value in connection.execute(
        "SELECT o.taskRunUUID, o.runEndDate, v.kind, v.value FROM outcome o JOIN outcomeValue v ON v.outcomeUUID = o.uuid "
        "WHERE o.deletedDate IS NULL"):
    entry = ours.setdefault(run, (round(end + REFERENCE, 3), {}))
    entry[1][kind] = float(value)
connection = sqlite3.connect(theirs_store)
for run, ended, kind, value in connection.execute(
        "SELECT o.run_uuid, o.ended, v.kind, v.value FROM outcome o LEFT JOIN outcome_value v ON v.outcome_id = o.id"):
    end = datetime.datetime.strptime(ended, "%Y-%m-%dT%H:%M:%S%z").timestamp()
    entry = theirs.setdefault(run, (round(end, 3), {}))
    if kind is not None:
        entry[1][kind] = float(value)
differences = [run for run in sorted(set(ours) | set(theirs)) if ours.get(run) != theirs.get(run)]
for run in differences[:5]:
    print(f"run {run}: regimen {ours.get(run)}, script {theirs.get(run)}", file=sys.stderr)
if differences:
    sys.exit(f"{len(differences)} of {len(theirs)} runs differ between {ours_store} and {theirs_store}")
print(f"the same {len(ours)} runs, ends and values")
