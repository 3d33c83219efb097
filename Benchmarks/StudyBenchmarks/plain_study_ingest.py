#!/usr/bin/env python3
"""The study benchmark's plain yardstick (issue 15): what a researcher would write instead of `regimen study ingest`
for a study export folder laid out FOLDER/PARTICIPANT/…/*.json, with psycopg 3. It reads every result file with the
json module, keeps the scale answers of the `checkin.form` step (as the ingest benchmark's plain script, ../shared/bench/baseline_ingest.py, does) and stores
one outcome row per file (participant, task, run UUID, local day, end) and one value row per answer (kind, value,
units) — the rows Regimen stores per check-in outcome — with executemany, 1,000 files per transaction, skipping runs
already stored (the run UUID is unique). No schedules, no events, no checks: the least a correct script does.
Usage: plain_study_ingest.py DSN FOLDER
"""
import json
import os
import sys

import psycopg

BATCH = 1000
UNITS = {"checkin.form.sleep": "h"}  # as surveys/checkin.yaml declares

SCHEMA = """
CREATE TABLE IF NOT EXISTS participant(id serial PRIMARY KEY, label text UNIQUE NOT NULL);
CREATE TABLE IF NOT EXISTS outcome(id bigserial PRIMARY KEY, participant_id integer NOT NULL REFERENCES participant,
    task text NOT NULL, run_uuid uuid UNIQUE NOT NULL, day date NOT NULL, ended timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS outcome_value(outcome_id bigint NOT NULL REFERENCES outcome ON DELETE CASCADE,
    kind text NOT NULL, value double precision, units text);
"""


def result_files(folder):
    """(participant label, path) of every JSON file, participant by participant, in name order."""
    for label in sorted(os.listdir(folder)):
        top = os.path.join(folder, label)
        if not os.path.isdir(top):
            continue
        for directory, subdirectories, names in os.walk(top):
            subdirectories.sort()
            for name in sorted(names):
                if name.endswith(".json"):
                    yield label, os.path.join(directory, name)


def read(path):
    with open(path) as file:
        result = json.load(file)
    answers = {}
    for step in result.get("results", []):
        if step.get("identifier") != "checkin.form":
            continue
        for question in step.get("results", []):
            if question.get("_class") == "ORKScaleQuestionResult":
                answers[question["identifier"]] = question.get("scaleAnswer")
    ended = result["endDate"]
    return result["identifier"], result["taskRunUUID"], ended[:10], ended, answers


def store(connection, participants, batch):
    with connection.transaction(), connection.cursor() as cursor:
        for label in {label for label, _ in batch} - participants.keys():
            cursor.execute("INSERT INTO participant(label) VALUES (%s) ON CONFLICT (label) DO UPDATE SET label = EXCLUDED.label"
                           " RETURNING id", (label,))
            participants[label] = cursor.fetchone()[0]
        cursor.executemany(
            "INSERT INTO outcome(participant_id, task, run_uuid, day, ended) VALUES (%s, %s, %s, %s, %s)"
            " ON CONFLICT (run_uuid) DO NOTHING RETURNING id, run_uuid::text",
            [(participants[label], task, run_uuid, day, ended) for label, (task, run_uuid, day, ended, _) in batch],
            returning=True)
        stored = {}
        while True:
            for outcome_id, run_uuid in cursor.fetchall():
                stored[run_uuid.upper()] = outcome_id
            if not cursor.nextset():
                break
        cursor.executemany(
            "INSERT INTO outcome_value(outcome_id, kind, value, units) VALUES (%s, %s, %s, %s)",
            [(stored[run_uuid.upper()], kind, float(value), UNITS.get(kind))
             for _, (_, run_uuid, _, _, answers) in batch if run_uuid.upper() in stored
             for kind, value in answers.items()])


def main(dsn, folder):
    count = 0
    participants = {}
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(SCHEMA)
        batch = []
        for label, path in result_files(folder):
            batch.append((label, read(path)))
            if len(batch) == BATCH:
                store(connection, participants, batch)
                count += len(batch)
                batch = []
        if batch:
            store(connection, participants, batch)
            count += len(batch)
    print(count, "files")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
