#!/usr/bin/env python3
"""Writes the study benchmark's input (issue 15): a study export folder of N participants in a few IANA time zones,
each with D daily check-in result files (Regimen's pretty ResearchKit-serializer JSON, the template of
IngestBenchmarks/generate_results.py), laid out OUT/PARTICIPANT/YYYY-MM/checkin-YYYY-MM-DD.json, and
OUT/participants.csv (label, zone, enrolled) for enrolling them.

The calendar, the same for every size: participants are enrolled on 2024-01-01 … 2024-01-07 (by label), the study's
surveys are published at PUBLISHED_AT (2024-01-08 12:00 UTC, still 2024-01-08 in every zone used), so the check-in
task starts on the next local day, 2024-01-09; every participant checks in at 08:00–08:10 local time on D days from
then on — all in the past, as `regimen ingest` refuses runs that end in the future (docs/answer-validation.md).
Answers (pain 1–10, sleep 0–12) and run UUIDs come from a seeded generator: the same arguments write the same files.
A marker file makes a later call with the same arguments return at once.

Usage: make_study.py OUT --participants N --days D [--seed S]
"""
import argparse
import csv
import datetime
import os
import random
import shutil
import sys
import uuid
import zoneinfo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "IngestBenchmarks"))
from generate_results import TEMPLATE  # noqa: E402  (the check-in result file, written once)

ZONES = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "America/Los_Angeles", "Australia/Sydney", "UTC"]
FIRST_ENROLLED = datetime.date(2024, 1, 1)
PUBLISHED_AT = "2024-01-08T12:00:00Z"
FIRST_CHECK_IN = datetime.date(2024, 1, 9)


def participants(count):
    """(label, zone, enrolled date) of every participant."""
    width = max(4, len(str(count)))
    return [(f"P{index + 1:0{width}}", ZONES[index % len(ZONES)], FIRST_ENROLLED + datetime.timedelta(days=index % 7))
            for index in range(count)]


def write_participant(folder, label, zone_name, days, rng):
    zone = zoneinfo.ZoneInfo(zone_name)
    for index in range(days):
        day = FIRST_CHECK_IN + datetime.timedelta(days=index)
        end = datetime.datetime(day.year, day.month, day.day, 8, rng.randrange(10), rng.randrange(60), tzinfo=zone)
        text = TEMPLATE.format(end=end.strftime("%Y-%m-%dT%H:%M:%S%z"), run=str(uuid.UUID(int=rng.getrandbits(128))).upper(),
                               pain=rng.randint(1, 10), sleep=rng.randint(0, 12))
        month = os.path.join(folder, label, day.strftime("%Y-%m"))
        os.makedirs(month, exist_ok=True)
        with open(os.path.join(month, f"checkin-{day.isoformat()}.json"), "w") as handle:
            handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--participants", type=int, required=True)
    parser.add_argument("--days", type=int, required=True)
    parser.add_argument("--seed", type=int, default=15)
    options = parser.parse_args()
    if FIRST_CHECK_IN + datetime.timedelta(days=options.days) >= datetime.date.today():
        sys.exit(f"make_study.py: {options.days} days from {FIRST_CHECK_IN} reach into the future")
    marker = os.path.join(options.out, f".complete-{options.participants}x{options.days}-seed{options.seed}")
    if os.path.exists(marker):
        return
    shutil.rmtree(options.out, ignore_errors=True)
    os.makedirs(options.out)
    rng = random.Random(options.seed)
    everyone = participants(options.participants)
    with open(os.path.join(options.out, "participants.csv"), "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["label", "zone", "enrolled"])
        for label, zone, enrolled in everyone:
            writer.writerow([label, zone, enrolled.isoformat()])
    for label, zone, _ in everyone:
        write_participant(options.out, label, zone, options.days, rng)
    open(marker, "w").close()


if __name__ == "__main__":
    main()
