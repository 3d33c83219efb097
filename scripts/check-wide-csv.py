#!/usr/bin/env python3
"""Checks that `regimen study outcomes --wide --format csv` (or an export's outcomes-wide.csv) loads in pandas with
one row per participant x event (docs/study-database.md, "What researchers read").

Usage: scripts/check-wide-csv.py FILE ROWS [COLUMN...]
  ROWS     the number of participant x event rows expected
  COLUMN   variable columns that must be present (the fixed columns always are)
Exit 0 when it holds; 1 with the reason otherwise; 3 when pandas is not installed (pip install pandas).
"""
import sys

try:
    import pandas
except ImportError:
    print("pandas is not installed (pip install pandas)", file=sys.stderr)
    sys.exit(3)

EVENT_COLUMNS = ["participant", "task", "occurrence", "event_start_utc", "event_start_local", "study_day", "status"]


def main(arguments):
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    path, expected = arguments[0], int(arguments[1])
    table = pandas.read_csv(path, dtype={"participant": str, "task": str, "status": str})
    problems = []
    if list(table.columns[: len(EVENT_COLUMNS)]) != EVENT_COLUMNS:
        problems.append(f"the first columns are {list(table.columns[:len(EVENT_COLUMNS)])}, not {EVENT_COLUMNS}")
    missing = [name for name in arguments[2:] if name not in table.columns]
    if missing:
        problems.append(f"missing variable columns {missing}")
    if len(table) != expected:
        problems.append(f"{len(table)} rows, expected {expected}")
    keys = ["participant", "task", "occurrence", "event_start_utc"]
    if not problems and table.duplicated(subset=keys).any():
        problems.append("several rows for one participant x event")
    if not problems and not table["status"].isin(["completed", "missed"]).all():
        problems.append("a status other than completed or missed")
    if not problems:
        times = pandas.to_datetime(table["event_start_utc"], utc=True)
        if times.isna().any():
            problems.append("an event_start_utc pandas cannot read")
        missed = table[table["status"] == "missed"]
        variables = [name for name in table.columns if name not in EVENT_COLUMNS]
        if variables and not missed[variables].isna().all().all():
            problems.append("a missed event with a value")
    if problems:
        print(f"{path}: " + "; ".join(problems), file=sys.stderr)
        return 1
    print(f"{path}: {len(table)} rows, one per participant x event; {len(table.columns)} columns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
