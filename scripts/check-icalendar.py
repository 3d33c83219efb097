#!/usr/bin/env python3
"""Expands an iCalendar file with the `icalendar` and `recurring_ical_events` libraries (independent of Regimen) and
prints, as JSON, the events a window holds by CareKit's query rules (docs/schedules.md, "The event query for [A, B)":
an event is in [A, B) when it starts before B and ends at or after A), and checks every VTIMEZONE against the zone
database over those events (docs/icalendar.md, "Checking a file").

Usage: scripts/check-icalendar.py FILE ZONE FIRST LAST
  ZONE         the participant's time zone: the days and all-day events are read in it
  FIRST LAST   the window's first and last day (YYYY-MM-DD, inclusive), as `regimen events --from --to`
Prints {"events": [{"start": S, "end": E, "summary": T}…], "zoneMismatches": [...]}, S and E in seconds since 1970.
An all-day event (VALUE=DATE) runs from its day's start to one second before the next day's, as CareKit's do.
Exit 0; 64 on a bad command line; 3 when a library is missing (pip install icalendar recurring_ical_events).
"""
import datetime
import json
import sys

try:
    import icalendar
    import recurring_ical_events
except ImportError:
    print("icalendar or recurring_ical_events is not installed (pip install icalendar recurring_ical_events)", file=sys.stderr)
    sys.exit(3)
from zoneinfo import ZoneInfo

# How long before the window an event may start and still reach into it: the longest event looked for.
LONGEST_EVENT = datetime.timedelta(days=8)


def day_start(day, zone):
    """The first instant of a local day (a skipped midnight reads with the offset before it: the gap's end)."""
    return datetime.datetime.combine(day, datetime.time(0), tzinfo=zone).astimezone(datetime.timezone.utc)


def instant(value, zone):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.timezone.utc) if value.tzinfo else value.replace(tzinfo=zone)
    return day_start(value, zone)


def main(arguments):
    if len(arguments) != 4:
        print(__doc__, file=sys.stderr)
        return 64
    path, zone_name, first, last = arguments
    zone = ZoneInfo(zone_name)
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    low = day_start(datetime.date.fromisoformat(first), zone)
    high = day_start(datetime.date.fromisoformat(last) + datetime.timedelta(days=1), zone)
    events = []
    for event in recurring_ical_events.of(calendar).between(low - LONGEST_EVENT, high):
        start_value = event["DTSTART"].dt
        end_value = event["DTEND"].dt if "DTEND" in event else start_value
        start = instant(start_value, zone)
        end = instant(end_value, zone)
        if not isinstance(end_value, datetime.datetime):
            end = end - datetime.timedelta(seconds=1)
        if start < high and end >= low:
            events.append({"start": int(start.timestamp()), "end": int(end.timestamp()), "summary": str(event.get("SUMMARY", ""))})
    events.sort(key=lambda item: (item["start"], item["end"], item["summary"]))
    # Each VTIMEZONE against the zone database, every half hour over the window's events (a VTIMEZONE states a zone
    # over the span its file uses, not beyond).
    mismatches = []
    covered = [moment for item in events for moment in (item["start"], item["end"])]
    for component in calendar.walk("VTIMEZONE") if covered else []:
        tzid = str(component["TZID"])
        written = component.to_tz(lookup_tzid=False)
        real = ZoneInfo(tzid)
        moment = datetime.datetime.fromtimestamp(min(covered), datetime.timezone.utc)
        last = datetime.datetime.fromtimestamp(max(covered), datetime.timezone.utc)
        while moment <= last:
            if moment.astimezone(written).utcoffset() != moment.astimezone(real).utcoffset():
                mismatches.append(f"{tzid} at {moment.isoformat()}")
            moment += datetime.timedelta(minutes=30)
    print(json.dumps({"events": events, "zoneMismatches": mismatches}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
