#!/usr/bin/env python3
"""Checks a REDCap data dictionary (and, when given, an import file) against REDCap's documented rules, as
/work/shared/reference/analysis-exports.md and REDCap's data dictionary guide state them; written without Regimen's
code. Prints a JSON object {field: branching logic} on success; prints each problem and exits 1 otherwise.

Usage: redcap-check.py DICTIONARY.csv [IMPORT.csv]
"""
import csv
import json
import re
import sys

COLUMNS = [
    "Variable / Field Name", "Form Name", "Section Header", "Field Type", "Field Label",
    "Choices, Calculations, OR Slider Labels", "Field Note", "Text Validation Type OR Show Slider Number",
    "Text Validation Min", "Text Validation Max", "Identifier?", "Branching Logic (Show field only if...)",
    "Required Field?", "Custom Alignment", "Question Number (surveys only)", "Matrix Group Name",
    "Matrix Ranking?", "Field Annotation",
]
TYPES = {"text", "notes", "dropdown", "radio", "checkbox", "yesno", "truefalse", "calc", "slider", "descriptive",
         "file", "sql"}
CHOICE_TYPES = {"dropdown", "radio", "checkbox"}
VALIDATIONS = {"", "integer", "number", "date_ymd", "date_mdy", "date_dmy", "datetime_ymd", "datetime_mdy",
               "datetime_dmy", "datetime_seconds_ymd", "datetime_seconds_mdy", "datetime_seconds_dmy", "time",
               "email", "phone", "zipcode", "alpha_only"}
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
CODE = re.compile(r"^[A-Za-z0-9_]+$|^-?[0-9]+(\.[0-9]+)?$")
VALUE_FORMATS = {
    "integer": re.compile(r"^-?[0-9]+$"),
    "number": re.compile(r"^-?[0-9]+(\.[0-9]+)?$"),
    "datetime_seconds_ymd": re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$"),
    "date_ymd": re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
}

problems = []


def problem(text):
    problems.append(text)


def parse_choices(text, where):
    choices = []
    for part in text.split("|"):
        if "," not in part:
            problem(f"{where}: choice {part.strip()!r} is not 'code, label'")
            continue
        code, label = part.split(",", 1)
        code = code.strip()
        if not CODE.match(code):
            problem(f"{where}: choice code {code!r} is not alphanumeric")
        if not label.strip():
            problem(f"{where}: choice {code!r} has no label")
        if "\n" in label or "\r" in label:
            problem(f"{where}: choice {code!r} label holds a line break")
        choices.append(code)
    if len(set(choices)) != len(choices):
        problem(f"{where}: choice codes repeat")
    return choices


TOKEN = re.compile(r"""\s*(?:(?P<ref>\[[a-z][a-z0-9_]*(?:\([A-Za-z0-9_]+\))?\])|(?P<op><>|<=|>=|=|<|>)|"""
                   r"""(?P<str>'[^']*'|"[^"]*")|(?P<num>-?[0-9]+(?:\.[0-9]+)?)|(?P<word>and|or)|(?P<paren>[()]))""")


def check_logic(logic, fields, where):
    """A small recursive-descent parser of REDCap's branching logic: comparisons joined by and/or, parentheses."""
    tokens = []
    position = 0
    while position < len(logic):
        if logic[position:].strip() == "":
            break
        match = TOKEN.match(logic, position)
        if not match:
            problem(f"{where}: branching logic {logic!r} does not parse at {position}")
            return
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
        position = match.end()
    index = 0

    def peek():
        return tokens[index] if index < len(tokens) else (None, None)

    def operand():
        nonlocal index
        kind, value = peek()
        if kind == "ref":
            inner = value[1:-1]
            name, _, code = inner.partition("(")
            code = code.rstrip(")")
            if name not in fields:
                problem(f"{where}: branching logic names {name!r}, no field")
            elif code and code not in fields[name]["choices"]:
                problem(f"{where}: branching logic names {name}({code}), not a choice of it")
            elif code and fields[name]["type"] != "checkbox":
                problem(f"{where}: branching logic names a code of {name}, which is no checkbox")
            elif not code and fields[name]["type"] == "checkbox":
                problem(f"{where}: branching logic names checkbox {name} without a code")
        elif kind not in ("str", "num"):
            problem(f"{where}: branching logic {logic!r}: expected an operand, found {value!r}")
        index += 1

    def comparison():
        nonlocal index
        kind, _ = peek()
        if kind == "paren" and tokens[index][1] == "(":
            index += 1
            expression()
            if peek() != ("paren", ")"):
                problem(f"{where}: branching logic {logic!r}: unclosed parenthesis")
            index += 1
            return
        operand()
        if peek()[0] != "op":
            problem(f"{where}: branching logic {logic!r}: expected a comparison")
            return
        index += 1
        operand()

    def expression():
        nonlocal index
        comparison()
        while peek()[0] == "word":
            index += 1
            comparison()

    expression()
    if index != len(tokens):
        problem(f"{where}: branching logic {logic!r}: text left over")


def check_dictionary(path):
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or rows[0] != COLUMNS:
        problem(f"{path}: header is not REDCap's 18 columns in order: {rows[0] if rows else None}")
        return {}, []
    fields = {}
    order = []
    forms = []
    for number, row in enumerate(rows[1:], start=2):
        where = f"{path}:{number}"
        if len(row) != len(COLUMNS):
            problem(f"{where}: {len(row)} cells")
            continue
        cell = dict(zip(COLUMNS, row))
        name, form, kind = cell["Variable / Field Name"], cell["Form Name"], cell["Field Type"]
        if not NAME.match(name) or len(name) > 100:
            problem(f"{where}: field name {name!r} breaks REDCap's rule")
        if len(name) > 26:
            problem(f"{where}: field name {name!r} is longer than REDCap's advised 26")
        if name in fields:
            problem(f"{where}: field name {name!r} repeats")
        if name.endswith("_complete") or name.startswith("redcap_"):
            problem(f"{where}: field name {name!r} is REDCap's own")
        if not NAME.match(form):
            problem(f"{where}: form name {form!r} breaks REDCap's rule")
        if forms and forms[-1] != form and form in forms:
            problem(f"{where}: form {form!r} is not contiguous")
        if not forms or forms[-1] != form:
            forms.append(form)
        if kind not in TYPES:
            problem(f"{where}: field type {kind!r} is not REDCap's")
        choices_text = cell["Choices, Calculations, OR Slider Labels"]
        choices = []
        if kind in CHOICE_TYPES:
            if not choices_text:
                problem(f"{where}: {kind} field without choices")
            choices = parse_choices(choices_text, where)
        elif kind in ("yesno", "truefalse"):
            if choices_text:
                problem(f"{where}: {kind} field with choices")
            choices = ["1", "0"]
        elif kind not in ("calc", "slider", "sql") and choices_text:
            problem(f"{where}: {kind} field with a choices cell")
        validation = cell["Text Validation Type OR Show Slider Number"]
        if kind == "text" and validation not in VALIDATIONS:
            problem(f"{where}: validation {validation!r} is not REDCap's")
        if kind not in ("text", "slider") and validation:
            problem(f"{where}: validation on a {kind} field")
        for bound in ("Text Validation Min", "Text Validation Max"):
            if cell[bound] and validation not in ("integer", "number"):
                problem(f"{where}: {bound} without a numeric validation")
            if cell[bound] and not VALUE_FORMATS["number"].match(cell[bound]):
                problem(f"{where}: {bound} {cell[bound]!r} is not a number")
        for flag in ("Identifier?", "Required Field?", "Matrix Ranking?"):
            if cell[flag] not in ("", "y"):
                problem(f"{where}: {flag} is {cell[flag]!r}")
        if not cell["Field Label"] and kind != "descriptive":
            problem(f"{where}: no field label")
        fields[name] = {"type": kind, "choices": choices, "validation": validation, "form": form,
                        "logic": cell["Branching Logic (Show field only if...)"]}
        order.append(name)
    if not order or order[0] != "record_id":
        problem(f"{path}: the first field is not the record id")
    for name in order:
        if fields[name]["logic"]:
            check_logic(fields[name]["logic"], fields, f"{path}: {name}")
    return fields, forms


def check_import(path, fields, forms):
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    header = rows[0]
    if header[:3] != ["record_id", "redcap_repeat_instrument", "redcap_repeat_instance"]:
        problem(f"{path}: header does not start with record_id and the repeat columns: {header[:3]}")
    known = {}
    for name, field in fields.items():
        if field["type"] == "checkbox":
            for code in field["choices"]:
                known[f"{name}___{code.lower()}"] = (name, "checkbox")
        elif field["type"] != "descriptive":
            known[name] = (name, field["type"])
    for form in forms:
        known[f"{form}_complete"] = (None, "complete")
    for column in header[3:]:
        if column not in known:
            problem(f"{path}: column {column!r} is no field of the dictionary")
    seen = set()
    for number, row in enumerate(rows[1:], start=2):
        where = f"{path}:{number}"
        if len(row) != len(header):
            problem(f"{where}: {len(row)} cells for {len(header)} columns")
            continue
        record, instrument, instance = row[0], row[1], row[2]
        if not record:
            problem(f"{where}: no record id")
        if instrument and instrument not in forms:
            problem(f"{where}: repeat instrument {instrument!r} is no form")
        if instrument and not re.match(r"^[1-9][0-9]*$", instance):
            problem(f"{where}: repeat instance {instance!r} is not a number from 1")
        if (record, instrument, instance) in seen:
            problem(f"{where}: record, instrument and instance repeat")
        seen.add((record, instrument, instance))
        for column, value in zip(header[3:], row[3:]):
            if not value or column not in known:
                continue
            name, kind = known[column]
            if name is not None and instrument and fields[name]["form"] != instrument:
                problem(f"{where}: {column} filled on a row of {instrument}")
            if kind in ("checkbox",) and value not in ("0", "1"):
                problem(f"{where}: checkbox {column} is {value!r}")
            elif kind == "complete" and value not in ("0", "1", "2"):
                problem(f"{where}: {column} is {value!r}")
            elif kind in ("radio", "dropdown", "yesno", "truefalse") and value not in fields[name]["choices"]:
                problem(f"{where}: {column} is {value!r}, not one of its codes")
            elif kind == "text":
                pattern = VALUE_FORMATS.get(fields[name]["validation"])
                if pattern and not pattern.match(value):
                    problem(f"{where}: {column} is {value!r}, not {fields[name]['validation']}")
    return len(rows) - 1


def main():
    fields, forms = check_dictionary(sys.argv[1])
    rows = check_import(sys.argv[2], fields, forms) if len(sys.argv) > 2 and not problems else None
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print(json.dumps({"logic": {name: field["logic"] for name, field in fields.items()},
                      "types": {name: field["type"] for name, field in fields.items()},
                      "import_rows": rows}))


main()
