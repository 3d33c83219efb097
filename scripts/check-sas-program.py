#!/usr/bin/env python3
"""Checks the SAS programs of `regimen study export --format sas` (analysis-long.sas, analysis-wide.sas) without SAS
(docs/analysis-exports.md, "SAS"): it reads each program with SAS's own rules for the parts it uses — comments,
single-quoted strings (a quote doubled, no line break inside), statements ending in `;` — and checks that

- the program reads its transport file with %xpt2loc, defines formats in one PROC FORMAT step, and applies formats
  and labels in one DATA step reading work.OUTCOMES;
- every format name is a valid SAS name, at most 32 characters (31 and `$` for text codes), not ending in a digit,
  defined once (ignoring case) and used;
- every string is a valid SAS quoted string of at most 256 UTF-8 bytes on one line;
- every variable named is one of variables.csv's for the file, and its label is variables.csv's as written (one line,
  cut to 256 bytes);
- every value label of variables.csv, and every choice of dictionary.csv for a variable with choices, appears exactly
  once in the variable's format with its code.

Usage: scripts/check-sas-program.py FOLDER
Exit 0 when it holds; 1 with the problems otherwise.
"""
import csv
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_export_labels import cut  # noqa: E402

LIMIT = 256
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def tokens(program, problems, name):
    """SAS tokens: ('string', text), ('word', text), ('number', text) or ('punct', character); comments skipped."""
    result, index = [], 0
    while index < len(program):
        character = program[index]
        if character.isspace():
            index += 1
        elif program.startswith("/*", index):
            end = program.find("*/", index + 2)
            if end < 0:
                problems.append(f"{name}: a comment is not closed")
                return result
            index = end + 2
        elif character == "'":
            text, index = [], index + 1
            while True:
                if index >= len(program):
                    problems.append(f"{name}: a string is not closed")
                    return result
                if program[index] == "\n" or program[index] == "\r":
                    problems.append(f"{name}: a string holds a line break")
                if program[index] == "'":
                    if program.startswith("''", index):
                        text.append("'")
                        index += 2
                        continue
                    index += 1
                    break
                text.append(program[index])
                index += 1
            result.append(("string", "".join(text)))
        elif character == '"':
            problems.append(f"{name}: a double-quoted string (macro triggers would be read)")
            index += 1
        elif character.isalpha() or character in "_%$":
            match = re.compile(r"[%$]?[A-Za-z_][A-Za-z0-9_]*").match(program, index)
            if not match:
                problems.append(f"{name}: a stray {character!r}")
                index += 1
                continue
            result.append(("word", match.group(0)))
            index = match.end()
        elif character.isdigit() or (character == "-" and index + 1 < len(program) and program[index + 1].isdigit()):
            match = re.compile(r"-?[0-9]+(\.[0-9]+)?").match(program, index)
            result.append(("number", match.group(0)))
            index = match.end()
        else:
            result.append(("punct", character))
            index += 1
    return result


def statements(items):
    """Tokens split at `;`."""
    current, result = [], []
    for item in items:
        if item == ("punct", ";"):
            result.append(current)
            current = []
        else:
            current.append(item)
    if current:
        result.append(current)
    return result


def choices(text):
    """`code, label | code, label` as (code, label) pairs; a piece without `, ` belongs to the label before it (a label
    holding ` | `, as `Sitting | lying`)."""
    pairs = []
    for piece in text.split(" | ") if text else []:
        if ", " in piece or not pairs:
            code, _, label = piece.partition(", ")
            pairs.append((code, label))
        else:
            pairs[-1] = (pairs[-1][0], pairs[-1][1] + " | " + piece)
    return pairs


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def check_program(folder, stem, variables, dictionary, problems):
    name = f"{stem}.sas"
    with open(f"{folder}/{name}", encoding="utf-8") as handle:
        program = handle.read()
    items = tokens(program, problems, name)
    for kind, text in items:
        if kind == "string" and len(text.encode("utf-8")) > LIMIT:
            problems.append(f"{name}: a string of {len(text.encode('utf-8'))} bytes, more than {LIMIT}")
    parts = statements(items)
    declared = {v["variable"].lower(): v for v in variables if v["file"] == f"{stem}.xpt"}
    if not declared:
        problems.append(f"{name}: variables.csv lists no variable of {stem}.xpt")
        return
    # The first statement: %xpt2loc(libref=work, memlist=OUTCOMES, filespec='analysis-long.xpt');
    first = [text for _, text in parts[0]] if parts else []
    if first != ["%xpt2loc", "(", "libref", "=", "work", ",", "memlist", "=", "OUTCOMES", ",", "filespec", "=",
                 f"{stem}.xpt", ")"]:
        problems.append(f"{name}: does not start by reading {stem}.xpt with %xpt2loc")
    formats = {}
    used = set()
    labels = {}
    formatted = {}
    state = None
    for statement in parts:
        words = [text.lower() for kind, text in statement if kind == "word"]
        if words[:2] == ["proc", "format"]:
            state = "format"
            continue
        if words[:1] == ["data"]:
            state = "data"
            continue
        if words[:1] == ["run"]:
            state = None
            continue
        if state == "format" and words[:1] == ["value"]:
            format_name = statement[1][1]
            bare = format_name.lstrip("$")
            limit = 31 if format_name.startswith("$") else 32
            if not NAME.match(bare) or len(bare) > limit or bare[-1].isdigit():
                problems.append(f"{name}: format name {format_name!r} is not a valid SAS format name")
            if format_name.lower() in formats:
                problems.append(f"{name}: format {format_name} is defined twice")
            pairs, rest = [], statement[2:]
            while rest:
                if len(rest) < 3 or rest[1] != ("punct", "="):
                    problems.append(f"{name}: format {format_name} has a malformed range {rest[:3]}")
                    break
                code_kind, code = rest[0]
                if format_name.startswith("$") != (code_kind == "string"):
                    problems.append(f"{name}: format {format_name} has a code {code!r} of the wrong type")
                if rest[2][0] != "string":
                    problems.append(f"{name}: format {format_name}'s label for {code} is not a string")
                pairs.append((code, rest[2][1]))
                rest = rest[3:]
            formats[format_name.lower()] = pairs
        elif state == "data" and words[:1] == ["format"]:
            rest = statement[1:]
            while rest:
                if len(rest) < 3 or rest[0][0] != "word" or rest[1][0] != "word" or rest[2] != ("punct", "."):
                    problems.append(f"{name}: a malformed format statement at {rest[:3]}")
                    break
                formatted[rest[0][1].lower()] = rest[1][1].lower()
                used.add(rest[1][1].lower())
                rest = rest[3:]
        elif state == "data" and words[:1] == ["label"]:
            rest = statement[1:]
            while rest:
                if len(rest) < 3 or rest[0][0] != "word" or rest[1] != ("punct", "=") or rest[2][0] != "string":
                    problems.append(f"{name}: a malformed label statement at {rest[:3]}")
                    break
                labels[rest[0][1].lower()] = rest[2][1]
                rest = rest[3:]
        elif state == "data" and words[:1] == ["set"]:
            if [text for _, text in statement] != ["set", "work", ".", "OUTCOMES"]:
                problems.append(f"{name}: the DATA step does not read work.OUTCOMES")
    for format_name in formats:
        if format_name not in used:
            problems.append(f"{name}: format {format_name} is defined but not used")
    for format_name in used:
        if format_name not in formats:
            problems.append(f"{name}: format {format_name} is used but not defined")
    for variable in list(labels) + list(formatted):
        if variable not in declared:
            problems.append(f"{name}: {variable} is not a variable of {stem}.xpt")
    for variable, row in declared.items():
        if labels.get(variable) != cut(row["label"], LIMIT, controls=True):
            problems.append(f"{name}: {variable}'s label is {labels.get(variable)!r}, not {cut(row['label'], LIMIT, controls=True)!r}")
        expected = [(code, cut(text, LIMIT, controls=True)) for code, text in choices(row["value_labels"])]
        source = dictionary.get(row["column"])
        if not expected and source is not None and row["storage"] == "text":
            expected = [(code, cut(text, LIMIT, controls=True)) for code, text in choices(source["choices"])]
        got = formats.get(formatted.get(variable), [])
        if sorted(got) != sorted(expected):
            problems.append(f"{name}: {variable}'s format labels are {got}, not {expected}")
        for code, _ in expected:
            if sum(1 for pair in got if pair[0] == code) != 1:
                problems.append(f"{name}: {variable}'s code {code!r} is not labelled exactly once")


def main(arguments):
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 64
    folder = arguments[0]
    variables = read_csv(f"{folder}/variables.csv")
    dictionary = {row["variable"]: row for row in read_csv(f"{folder}/dictionary.csv")}
    problems = []
    for stem in ("analysis-long", "analysis-wide"):
        check_program(folder, stem, variables, dictionary, problems)
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
