#!/usr/bin/env python3
"""The Health benchmark's plain yardstick: what a researcher would write instead of a health-linked task. It streams
an Apple Health export (export.zip, read inside the zip without unpacking, or a bare export.xml) with ElementTree's
iterparse, clearing each top-level element after use so memory stays flat, and keeps two aggregates: hours in bed and
asleep per night (per source, per stage; a night is the local date of start - 12 h in the sample's HKTimeZone, else
the written offset) and steps per day (per source, plain sums by the written start date). Records inside a
Correlation are skipped (they are also written at top level). Both tables go to SQLite in one transaction.
The same work as the research notes' baseline script; the least a correct script does, with none of Regimen's rules
(no source priority, no home zone, no per-sample rows).
Usage: plain_health_sleep.py EXPORT DB
"""
import datetime
import sqlite3
import sys
import xml.etree.ElementTree as ElementTree
import zipfile
from zoneinfo import ZoneInfo

SLEEP = "HKCategoryTypeIdentifierSleepAnalysis"
STEPS = "HKQuantityTypeIdentifierStepCount"
PREFIX = "HKCategoryValueSleepAnalysis"
STAGES = {"AsleepUnspecified": "unspecified", "Asleep": "unspecified", "AsleepCore": "core", "AsleepDeep": "deep",
          "AsleepREM": "rem", "InBed": "inbed", "Awake": "awake"}
zones = {}


def instant(text):
    return datetime.datetime.strptime(text, "%Y-%m-%d %H:%M:%S %z")


def open_export(path):
    if not zipfile.is_zipfile(path):
        return open(path, "rb")
    archive = zipfile.ZipFile(path)
    for name in archive.namelist():
        if name.count("/") == 1 and name.endswith(".xml") and not name.endswith("export_cda.xml"):
            head = archive.open(name).read(2048)
            if b"<!DOCTYPE HealthData" in head or b"<HealthData" in head:
                return archive.open(name)
    sys.exit(f"{path}: no Health export inside")


def main():
    source, db = sys.argv[1], sys.argv[2]
    nights, steps = {}, {}
    depth, root = 0, None
    for event, element in ElementTree.iterparse(open_export(source), events=("start", "end")):
        if event == "start":
            depth += 1
            root = root if root is not None else element
            continue
        depth -= 1
        if depth != 1:
            continue
        if element.tag == "Record":
            kind = element.get("type")
            if kind == STEPS:
                key = (instant(element.get("startDate")).date().isoformat(), element.get("sourceName"))
                steps[key] = steps.get(key, 0.0) + float(element.get("value"))
            elif kind == SLEEP:
                stage = STAGES.get(element.get("value", "").removeprefix(PREFIX))
                if stage:
                    zone = next((m.get("value") for m in element.iter("MetadataEntry") if m.get("key") == "HKTimeZone"), None)
                    start, end = instant(element.get("startDate")), instant(element.get("endDate"))
                    local = start.astimezone(zones.setdefault(zone, ZoneInfo(zone))) if zone else start
                    night = (local - datetime.timedelta(hours=12)).date().isoformat()
                    row = nights.setdefault((night, element.get("sourceName")), dict.fromkeys(STAGES.values(), 0.0))
                    row[stage] += (end - start).total_seconds() / 3600
        element.clear()
        root.clear()
    connection = sqlite3.connect(db)
    connection.executescript("""
        CREATE TABLE IF NOT EXISTS sleep_night(night TEXT, source TEXT, inbed_h REAL, asleep_h REAL, core_h REAL,
            deep_h REAL, rem_h REAL, unspecified_h REAL, awake_h REAL, PRIMARY KEY(night, source));
        CREATE TABLE IF NOT EXISTS steps_day(day TEXT, source TEXT, steps REAL, PRIMARY KEY(day, source));""")
    with connection:
        connection.executemany("INSERT OR REPLACE INTO sleep_night VALUES (?,?,?,?,?,?,?,?,?)", [
            (night, name, r["inbed"], r["core"] + r["deep"] + r["rem"] + r["unspecified"], r["core"], r["deep"], r["rem"],
             r["unspecified"], r["awake"]) for (night, name), r in sorted(nights.items())])
        connection.executemany("INSERT OR REPLACE INTO steps_day VALUES (?,?,?)",
                               [(day, name, total) for (day, name), total in sorted(steps.items())])


if __name__ == "__main__":
    main()
