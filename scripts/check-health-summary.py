#!/usr/bin/env python3
"""An independent implementation (standard library + zoneinfo, independent of Regimen) of `regimen health summary`'s
CSV for an Apple Health export.xml, by the rules of docs/health-export.md ("Source priority", "Days and nights",
"`regimen health summary`"): steps merged by source priority and split into the home zone's days in proportion to
time; sleep merged in two layers (in bed; stages) by source priority, one source's overlapping stages resolved
deep > REM > core > unspecified > awake, elapsed seconds, each piece counted for the night of its sample (the local
date of its start minus 12 h on the clock of its HKTimeZone, else the home zone).

Usage: scripts/check-health-summary.py EXPORT.xml ZONE [FIRST LAST]
         prints the CSV (FIRST LAST: YYYY-MM-DD, inclusive; default the first to the last date with data)
       scripts/check-health-summary.py --fixtures DIR
         for every DIR/NAME.xml with NAME.zone and NAME.expected.csv, compares the CSV; prints one line per file
Exit 0; 1 when a fixture differs; 64 on a bad command line.
"""
import datetime as dt
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from zoneinfo import ZoneInfo

STEPS = "HKQuantityTypeIdentifierStepCount"
SLEEP = "HKCategoryTypeIdentifierSleepAnalysis"
P = "HKCategoryValueSleepAnalysis"
SLEEP_VALUES = {P + "InBed": "inbed", P + "AsleepUnspecified": "unspecified", P + "Asleep": "unspecified",
                P + "Awake": "awake", P + "AsleepCore": "core", P + "AsleepDeep": "deep", P + "AsleepREM": "rem"}
STAGE_ORDER = {"deep": 0, "rem": 1, "core": 2, "unspecified": 3, "awake": 4, "inbed": 0}
HEADER = "date,steps,asleep_h,in_bed_h,awake_h,core_h,deep_h,rem_h"


def seconds(text):
    return int(dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S %z").timestamp())


def tier(user_entered, device, name):
    """docs/health-export.md, "Source priority": hand-entered 0, Watch 1, iPhone 2, others 3."""
    if user_entered:
        return 0
    if device and "model:" in device:
        model = device.split("model:", 1)[1]
        for stop in ",>":
            model = model.split(stop, 1)[0]
        model = model.strip()
        if model:
            return 1 if model.startswith("Watch") else 2 if model.startswith("iPhone") else 3
    return 1 if "Watch" in name else 2 if "iPhone" in name else 3


def read(path):
    """The top-level step and sleep Records: (kind, priority, start, end, value, zone name)."""
    steps, sleep = [], []
    depth, root = 0, None
    for event, element in ET.iterparse(path, events=("start", "end")):
        if event == "start":
            depth += 1
            root = root if root is not None else element
            continue
        depth -= 1
        if depth != 1:
            continue
        if element.tag == "Record" and element.get("type") in (STEPS, SLEEP):
            meta = {m.get("key"): m.get("value") for m in element.findall("MetadataEntry")}
            name = element.get("sourceName")
            priority = (tier(meta.get("HKWasUserEntered") in ("1", "true"), element.get("device"), name), name)
            start, end = seconds(element.get("startDate")), seconds(element.get("endDate"))
            if element.get("type") == STEPS:
                steps.append((priority, start, end, float(element.get("value"))))
            elif element.get("value") in SLEEP_VALUES:
                sleep.append((priority, start, end, SLEEP_VALUES[element.get("value")], meta.get("HKTimeZone")))
        element.clear()
        root.clear()
    return steps, sleep


def merged_steps(steps):
    """Disjoint pieces (start, end, value) and counted instants (time, value)."""
    intervals = [s for s in steps if s[2] > s[1]]
    points = sorted((s[1], s[0], s[3]) for s in steps if s[2] == s[1])
    bounds = sorted({t for s in intervals for t in (s[1], s[2])} | {p[0] for p in points})
    by_start = sorted(intervals, key=lambda s: s[1])
    pieces, counted, active, i, p = [], [], [], 0, 0
    for a, b in zip(bounds, bounds[1:] + [None]):
        active = [s for s in active if s[2] > a]
        while i < len(by_start) and by_start[i][1] == a:
            active.append(by_start[i])
            i += 1
        best = min((s[0] for s in active), default=None)
        group = []
        while p < len(points) and points[p][0] == a:
            group.append(points[p])
            p += 1
        if group:
            top = min(g[1] for g in group)
            if best is None or top <= best:
                counted.append((a, sum(g[2] for g in group if g[1] == top)))
        if b is not None and active:
            rate = sum(s[3] / (s[2] - s[1]) for s in active if s[0] == best)
            pieces.append((a, b, rate * (b - a)))
    return pieces, counted


def night_of(start, zone_name, home):
    zone = home
    if zone_name:
        try:
            zone = ZoneInfo(zone_name)
        except Exception:
            zone = home
    wall = dt.datetime.fromtimestamp(start, zone).replace(tzinfo=None)
    return (wall - dt.timedelta(hours=12)).date()


def merged_sleep(sleep, home):
    """{night: {kind: seconds}} over the two layers."""
    nights = {}
    for layer in (lambda k: k == "inbed", lambda k: k != "inbed"):
        samples = sorted(((s[0], STAGE_ORDER[s[3]], s[1], s[2], night_of(s[1], s[4], home), s[3])
                          for s in sleep if layer(s[3]) and s[2] > s[1]), key=lambda s: s[2])
        bounds = sorted({t for s in samples for t in (s[2], s[3])})
        active, i = [], 0
        for a, b in zip(bounds, bounds[1:]):
            active = [s for s in active if s[3] > a]
            while i < len(samples) and samples[i][2] == a:
                active.append(samples[i])
                i += 1
            if active:
                winner = min(active, key=lambda s: (s[0], s[1], s[2], s[3], s[4]))
                row = nights.setdefault(winner[4], {})
                row[winner[5]] = row.get(winner[5], 0) + (b - a)
    return nights


def day_start(day, zone):
    return int(dt.datetime(day.year, day.month, day.day, tzinfo=zone).timestamp())


def steps_text(value):
    scaled = math.floor(value * 100 * (1 + 1e-12) + 0.5)
    return trim(scaled, 2)


def hours_text(secs):
    return trim((secs * 2000 + 3600) // 7200, 3)


def trim(scaled, decimals):
    whole, fraction = divmod(scaled, 10 ** decimals)
    text = f"{whole}.{fraction:0{decimals}d}".rstrip("0").rstrip(".")
    return text


def summary(path, zone_name, first=None, last=None):
    home = ZoneInfo(zone_name)
    steps, sleep = read(path)
    pieces, counted = merged_steps(steps)
    nights = merged_sleep(sleep, home)
    dates = set(nights)
    local = lambda t: dt.datetime.fromtimestamp(t, home).date()
    if pieces:
        dates |= {local(pieces[0][0]), local(pieces[-1][1] - 1)}
    if counted:
        dates |= {local(counted[0][0]), local(counted[-1][0])}
    if not dates and (first is None or last is None):
        return [HEADER]
    day = first or min(dates)
    last = last or max(dates)
    lines = [HEADER]
    k = q = 0
    while day <= last:
        a, b = day_start(day, home), day_start(day + dt.timedelta(days=1), home)
        total, found = 0.0, False
        while k < len(pieces) and pieces[k][1] <= a:
            k += 1
        j = k
        while j < len(pieces) and pieces[j][0] < b:
            s, e, v = pieces[j]
            inside = min(e, b) - max(s, a)
            total += v if inside == e - s else v * inside / (e - s)
            found = True
            j += 1
        while q < len(counted) and counted[q][0] < a:
            q += 1
        j = q
        while j < len(counted) and counted[j][0] < b:
            total += counted[j][1]
            found = True
            j += 1
        night = nights.get(day, {})
        asleep = [night[k] for k in ("core", "deep", "rem", "unspecified") if k in night]
        cells = [day.isoformat(), steps_text(total) if found else "",
                 hours_text(sum(asleep)) if asleep else ""]
        cells += [hours_text(night[k]) if k in night else "" for k in ("inbed", "awake", "core", "deep", "rem")]
        lines.append(",".join(cells))
        day += dt.timedelta(days=1)
    return lines


def main(args):
    if len(args) == 2 and args[0] == "--fixtures":
        failed = 0
        for xml in sorted(Path(args[1]).glob("*.xml")):
            zone = xml.with_suffix(".zone").read_text().strip()
            expected = xml.with_name(xml.stem + ".expected.csv").read_text().splitlines()
            got = summary(str(xml), zone)
            print(("ok      " if got == expected else "DIFFERS ") + xml.name)
            if got != expected:
                failed = 1
                print("  expected:\n    " + "\n    ".join(expected) + "\n  got:\n    " + "\n    ".join(got))
        return failed
    if len(args) not in (2, 4):
        print(__doc__, file=sys.stderr)
        return 64
    first = last = None
    if len(args) == 4:
        first, last = dt.date.fromisoformat(args[2]), dt.date.fromisoformat(args[3])
    print("\n".join(summary(args[0], args[1], first, last)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
