#!/usr/bin/env python3
"""The ingest benchmark's plain yardstick: what a researcher would write instead of `regimen ingest`. It reads every
check-in result file under FOLDER with the json module, keeps the scale answers of the `checkin.form` step, and stores
one outcome (task, run UUID, day, end) and one value per answer in SQLite, in one transaction, skipping runs already
stored (the run UUID is unique). No schedules, no checks, no version chains: the least a correct script does.
Usage: plain_ingest.py STORE FOLDER
"""
import glob
import json
import os
import sqlite3
import sys

store, folder = sys.argv[1], sys.argv[2]
connection = sqlite3.connect(store)
connection.executescript("""
PRAGMA journal_mode=WAL;
CREATE TABLE IF NOT EXISTS outcome(id INTEGER PRIMARY KEY, task TEXT, run_uuid TEXT UNIQUE, day TEXT, ended TEXT);
CREATE TABLE IF NOT EXISTS outcome_value(outcome_id INTEGER, kind TEXT, value REAL, units TEXT);
""")

runs = []
for path in sorted(glob.glob(os.path.join(folder, "**", "*.json"), recursive=True)):
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
    runs.append((result["identifier"], result["taskRunUUID"], ended[:10], ended, answers))

with connection:
    for task, run_uuid, day, ended, answers in runs:
        cursor = connection.execute(
            "INSERT OR IGNORE INTO outcome(task, run_uuid, day, ended) VALUES (?, ?, ?, ?)", (task, run_uuid, day, ended))
        if cursor.rowcount:
            outcome_id = cursor.lastrowid
            connection.executemany(
                "INSERT INTO outcome_value VALUES (?, ?, ?, ?)",
                [(outcome_id, kind, float(value), None) for kind, value in answers.items()])
print(len(runs), "files")
