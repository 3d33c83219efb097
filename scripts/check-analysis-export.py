#!/usr/bin/env python3
"""Checks the SPSS, Stata or SAS files of `regimen study export --format spss|stata|sas` against the CSV export in
the same folder, read back by pyreadstat (docs/analysis-exports.md): every value, variable label, value label and
missing code equal to the CSV export's (labels cut as each format keeps them), the missing-reason codes, the names.
A de-identified export (`--deidentify`, manifest.json says so) is checked against its de-identified CSV export: the
same participant codes, the same moved local times (written without offset), no free-text variable.

Usage: scripts/check-analysis-export.py FOLDER sav|dta|xpt
Exit 0 when it holds; 1 with the problems otherwise; 3 when pyreadstat is not installed (pip install pyreadstat).
"""
import csv
import datetime
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_export_labels import cut  # noqa: E402

try:
    import pyreadstat
except ImportError:
    print("pyreadstat is not installed (pip install pyreadstat)", file=sys.stderr)
    sys.exit(3)

# The most UTF-8 bytes of a variable label and of a value label each format keeps (StatisticalFileKind).
LIMITS = {"sav": (255, 120), "dta": (80, 32000), "xpt": (256, 0)}
READERS = {"sav": pyreadstat.read_sav, "dta": pyreadstat.read_dta, "xpt": pyreadstat.read_xport}
NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
REASONS = {"missed": 1, "not answered": 2}


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def parse_time(text):
    """An export's time text (`…Z` or `…+01:00`) as a naive UTC datetime."""
    moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment.astimezone(datetime.timezone.utc).replace(tzinfo=None)


def wall_time(text):
    """The local wall time of `2026-10-25T08:00:00+01:00`, naive."""
    return datetime.datetime.fromisoformat(text[:19])


def is_missing(value):
    return value is None or (isinstance(value, float) and math.isnan(value))


def expected_number(text):
    if text == "":
        return None
    if text in ("true", "false"):
        return 1.0 if text == "true" else 0.0
    try:
        return float(text)
    except ValueError:
        return None


def check_table(folder, extension, stem, csv_name, variables, dictionary, manifest, deidentified, problems):
    name = f"{stem}.{extension}"
    frame, meta = READERS[extension](f"{folder}/{name}", encoding="utf-8" if extension == "xpt" else None)
    rows = read_csv(f"{folder}/{csv_name}")
    declared = [v for v in variables if v["file"] == name]
    if list(frame.columns) != [v["variable"] for v in declared]:
        problems.append(f"{name}: columns {list(frame.columns)} are not variables.csv's")
        return
    if len(frame) != len(rows):
        problems.append(f"{name}: {len(frame)} rows, the CSV export has {len(rows)}")
        return
    if manifest.get(name) != len(rows):
        problems.append(f"{name}: the manifest says {manifest.get(name)} rows, not {len(rows)}")
    names = [v["variable"] for v in declared]
    for variable in names:
        if not NAME.match(variable):
            problems.append(f"{name}: variable name {variable!r} is not valid in every package")
    if len({n.lower() for n in names}) != len(names):
        problems.append(f"{name}: variable names are not unique ignoring case")
    variable_limit, value_limit = LIMITS[extension]
    for variable in declared:
        column, label = variable["variable"], variable["label"]
        source = dictionary.get(variable["column"])
        if source is not None:
            full = source["label"] or variable["column"]
            if source["units"]:
                full += f" [{source['units']}]"
            if source["type"] == "date":
                full += " (local wall time, moved)" if deidentified else " (UTC)"
            if label != full:
                problems.append(f"{name}: {column}'s label in variables.csv is not the dictionary's")
        if meta.column_names_to_labels.get(column) != cut(label, variable_limit):
            problems.append(
                f"{name}: {column}'s label is {meta.column_names_to_labels.get(column)!r}, "
                f"not {cut(label, variable_limit)!r}")
        expected_labels = {}
        if value_limit and variable["value_labels"]:
            for pair in variable["value_labels"].split(" | "):
                code, text = pair.split(", ", 1)
                expected_labels[float(code)] = cut(text, value_limit)
        got_labels = {float(k): v for k, v in meta.variable_value_labels.get(column, {}).items()}
        if got_labels != expected_labels:
            problems.append(f"{name}: {column}'s value labels are {got_labels}, not {expected_labels}")
        if source is not None and variable["value_labels"] and source["choices"]:
            for pair in source["choices"].split(" | "):
                code, text = pair.split(", ", 1)
                code = {"true": "1", "false": "0"}.get(code, code)
                if f"{code}, {text}" not in variable["value_labels"]:
                    problems.append(f"{name}: choice {code} of {column} has no value label {text!r}")
    storage = {v["variable"]: v["storage"] for v in declared}
    source_of = {v["variable"]: v["column"] for v in declared}
    for index, row in enumerate(rows):
        for column in names:
            got = frame.iloc[index][column]
            source = source_of[column]
            if source.endswith(" (missing reason)"):
                value_text = row[source[: -len(" (missing reason)")]]
                want = None if value_text != "" else (1.0 if row["status"] == "missed" else 2.0)
                if (want is None) != is_missing(got) or (want is not None and float(got) != want):
                    problems.append(f"{name} row {index + 1}: {column} is {got!r}, want {want!r}")
                continue
            text = row["value"] if source == "value_number" else row[source]
            kind = storage[column]
            if kind == "text":
                if (got if not is_missing(got) else "") != text:
                    problems.append(f"{name} row {index + 1}: {column} differs from the CSV's {source}")
            elif kind == "number":
                want = expected_number(text)
                if want is None and source != "value_number" and text != "":
                    problems.append(f"{name} row {index + 1}: {source} {text!r} is not a number")
                if (want is None) != is_missing(got) or (want is not None and not math.isclose(float(got), want)):
                    problems.append(f"{name} row {index + 1}: {column} is {got!r}, want {want!r}")
            else:
                if text == "":
                    if not is_missing(got) and not (hasattr(got, "year") and str(got) == "NaT"):
                        problems.append(f"{name} row {index + 1}: {column} is {got!r}, want missing")
                    continue
                # Local times, and every time of a de-identified export, are wall times without offset.
                want = wall_time(text) if source.endswith("_local") or len(text) == 19 else parse_time(text)
                if got is None or abs((got - want).total_seconds()) > 0.001:
                    problems.append(f"{name} row {index + 1}: {column} is {got!r}, want {want!r}")


def main(arguments):
    if len(arguments) != 2 or arguments[1] not in LIMITS:
        print(__doc__, file=sys.stderr)
        return 64
    folder, extension = arguments
    variables = read_csv(f"{folder}/variables.csv")
    dictionary = {row["variable"]: row for row in read_csv(f"{folder}/dictionary.csv")}
    with open(f"{folder}/manifest.json", encoding="utf-8") as handle:
        document = json.load(handle)
    manifest = {entry["name"]: entry["rows"] for entry in document["files"]}
    deidentified = document.get("deidentified") is True
    problems = []
    for stem, csv_name in (("analysis-long", "outcomes-long.csv"), ("analysis-wide", "outcomes-wide.csv")):
        check_table(folder, extension, stem, csv_name, variables, dictionary, manifest, deidentified, problems)
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
