#!/usr/bin/env python3
"""Python baseline for `regimen ingest` (issue 5): the same work with json + sqlite3.

Reads every *.json under FOLDER (recursively), decodes it, extracts the check-in's two outcome values
(checkin.form/checkin.form.pain and checkin.form/checkin.form.sleep, as doubles), finds the event of the daily 08:00
schedule on the day the run ended (UTC), and stores it idempotently into a fresh SQLite file with the care store's
schema as its migrations leave it (v1-v5: tables, CHECK constraints, indexes, change triggers) and the connection
settings the store ingests with (WAL, synchronous=NORMAL, checkpoints every 10,000 pages, foreign keys on, 32 MiB page
cache, temporary storage in memory): per file one sync-id lookup, one live-event lookup, one outcome insert, two value inserts (the trigger adds the
change row), all in one transaction.

Prints {"files": N, "ingested": N, "seconds": S} where S excludes interpreter start-up and imports.
Usage: ingest_baseline.py FOLDER STORE
"""
import datetime
import json
import os
import sqlite3
import sys
import time
import uuid

SCHEMA = """
CREATE TABLE task (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, id TEXT NOT NULL, title TEXT NOT NULL,
    instructions TEXT, impactsAdherence INTEGER NOT NULL, schedule TEXT NOT NULL, effectiveDate REAL NOT NULL,
    createdDate REAL NOT NULL, updatedDate REAL NOT NULL, deletedDate REAL, previousVersionUUID TEXT REFERENCES task(uuid),
    sourceDigest TEXT) STRICT;
CREATE INDEX task_by_id ON task(id);
CREATE TABLE outcome (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, id TEXT NOT NULL,
    taskUUID TEXT NOT NULL REFERENCES task(uuid),
    occurrence INTEGER NOT NULL, taskRunUUID TEXT, resultFile TEXT, createdDate REAL NOT NULL, deletedDate REAL,
    eventStart REAL NOT NULL, eventEnd REAL NOT NULL, syncID TEXT, syncVersion INTEGER NOT NULL DEFAULT 1,
    runEndDate REAL,
    endReason TEXT CHECK (endReason = 'deleted' OR endReason = 'replaced' OR endReason = 'superseded')) STRICT;
CREATE UNIQUE INDEX outcome_one_live_per_event ON outcome(taskUUID, occurrence) WHERE deletedDate IS NULL;
CREATE INDEX outcome_by_event_time ON outcome(eventStart, eventEnd);
CREATE INDEX outcome_by_task_run ON outcome(taskRunUUID);
CREATE INDEX outcome_by_sync ON outcome(syncID, seq);
CREATE TABLE outcomeValue (
    outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid) ON DELETE CASCADE, ordinal INTEGER NOT NULL, type TEXT NOT NULL,
    value ANY, kind TEXT, units TEXT, createdDate REAL NOT NULL, PRIMARY KEY (outcomeUUID, ordinal)) STRICT;
CREATE INDEX outcomeValue_by_kind ON outcomeValue(kind);
CREATE TABLE change (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, outcomeUUID TEXT NOT NULL REFERENCES outcome(uuid),
    kind TEXT NOT NULL CHECK (kind = 'added' OR kind = 'replaced' OR kind = 'deleted' OR kind = 'superseded')) STRICT;
CREATE TRIGGER outcome_change_on_insert AFTER INSERT ON outcome WHEN NEW.deletedDate IS NULL BEGIN
    INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, CASE WHEN NEW.id = NEW.uuid THEN 'added' ELSE 'replaced' END);
END;
CREATE TRIGGER outcome_change_on_end AFTER UPDATE OF deletedDate ON outcome
    WHEN OLD.deletedDate IS NULL AND NEW.deletedDate IS NOT NULL AND COALESCE(NEW.endReason, 'deleted') != 'replaced'
BEGIN
    INSERT INTO change (outcomeUUID, kind) VALUES (NEW.uuid, COALESCE(NEW.endReason, 'deleted'));
END;
CREATE TABLE participant (id INTEGER PRIMARY KEY CHECK (id = 1), enrollmentDate REAL NOT NULL);
CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
"""

REFERENCE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)
KINDS = [("checkin.form.pain", None), ("checkin.form.sleep", "h")]


def seconds(moment):
    return (moment - REFERENCE).total_seconds()


def extract(document):
    steps = [s for s in document.get("results", []) if s.get("identifier") == "checkin.form"]
    if not steps:
        raise ValueError("missing checkin.form")
    values = []
    for kind, units in KINDS:
        answers = [q for q in steps[-1].get("results", []) if q.get("identifier") == kind]
        if not answers or "scaleAnswer" not in answers[-1]:
            raise ValueError("missing " + kind)
        values.append((kind, units, float(answers[-1]["scaleAnswer"])))
    return values


def main(folder, store):
    started = time.perf_counter()
    files = []
    for root, _, names in os.walk(folder):
        files.extend(os.path.join(root, name) for name in names if name.endswith(".json"))
    files.sort()
    prepared = []
    for path in files:
        with open(path, "rb") as handle:
            document = json.load(handle)
        if document.get("identifier") != "checkin":
            continue
        end = datetime.datetime.strptime(document["endDate"], "%Y-%m-%dT%H:%M:%S%z")
        prepared.append((path, document["taskRunUUID"].upper(), end, extract(document)))
    first_day = min(p[2].astimezone(datetime.timezone.utc).date() for p in prepared)
    task_uuid = str(uuid.uuid4()).upper()
    database = sqlite3.connect(store, isolation_level=None)
    database.execute("PRAGMA journal_mode=WAL")
    database.execute("PRAGMA cache_size=-32768")
    database.execute("PRAGMA foreign_keys=ON")
    database.execute("PRAGMA temp_store=MEMORY")
    database.execute("PRAGMA synchronous=NORMAL")
    database.execute("PRAGMA wal_autocheckpoint=10000")
    database.executescript(SCHEMA)
    database.execute(
        "INSERT INTO task (uuid, id, title, impactsAdherence, schedule, effectiveDate, createdDate, updatedDate)"
        " VALUES (?, 'checkin', 'Check In', 1, '{}', ?, 0, 0)",
        (task_uuid, seconds(datetime.datetime(first_day.year, first_day.month, first_day.day, tzinfo=datetime.timezone.utc))))
    database.execute("BEGIN IMMEDIATE")
    ingested = 0
    for path, run, end, values in prepared:
        day = end.astimezone(datetime.timezone.utc).date()
        occurrence = (day - first_day).days
        event_start = datetime.datetime(day.year, day.month, day.day, 8, tzinfo=datetime.timezone.utc)
        if database.execute("SELECT 1 FROM outcome WHERE syncID = ? ORDER BY seq DESC LIMIT 1", (run,)).fetchone():
            continue
        if database.execute(
            "SELECT uuid FROM outcome WHERE taskUUID = ? AND occurrence = ? AND deletedDate IS NULL",
            (task_uuid, occurrence)).fetchone():
            continue
        outcome_uuid = str(uuid.uuid4()).upper()
        created = seconds(end)
        database.execute(
            "INSERT INTO outcome (uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate,"
            " eventStart, eventEnd, syncID, syncVersion, runEndDate, endReason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (outcome_uuid, outcome_uuid, task_uuid, occurrence, run, path, created, None,
             seconds(event_start), seconds(event_start) + 3600, run, 1, created, None))
        for ordinal, (kind, units, value) in enumerate(values):
            database.execute(
                "INSERT INTO outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)"
                " VALUES (?,?,?,?,?,?,?)", (outcome_uuid, ordinal, "double", value, kind, units, created))
        ingested += 1
    database.execute("COMMIT")
    database.close()
    print(json.dumps({"files": len(files), "ingested": ingested, "seconds": time.perf_counter() - started}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
