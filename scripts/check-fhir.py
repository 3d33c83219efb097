#!/usr/bin/env python3
"""Checks FHIR R4 JSON files independently of Regimen (docs/fhir-export.md, "Checking the output").

Each FILE holds one resource (Questionnaire, QuestionnaireResponse, Observation or Bundle). It is parsed with the
R4 models of the `fhir.resources` package (its R4B module: R4's Questionnaire, QuestionnaireResponse, Observation
and Bundle are unchanged in R4B), which refuse unknown elements, missing required ones and more than one value[x].
On top, the JSON rules the models let through are checked: no null, no empty string, array or object, and
dateTime/instant/date/time texts in their FHIR forms. With --questionnaire Q, each QuestionnaireResponse is also
checked against Q: every item's linkId exists at the same place in Q's nesting, in Q's order, answers only on
questions, of the type the item's type allows, several only where Q says `repeats`; every answered item (and each of
its groups) enabled by the response's own answers (enableWhen / enableBehavior, R4 operators); every enabled,
required question that is not read-only or calculated answered; a valueQuantity in the item's questionnaire-unit.

Prints "ok: FILE ResourceType" per file; exits 1 naming the first problem of each bad file ("FILE: path: problem").
"""
import json
import re
import sys

from fhir.resources.R4B import get_fhir_model_class

DATE = re.compile(r"^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1]))?)?$")
DATE_TIME = re.compile(
    r"^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])"
    r"(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$")
INSTANT = re.compile(
    r"^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])"
    r"T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$")
TIME = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?$")

# Element names whose texts have a FHIR date form.
FORMS = {
    "authored": DATE_TIME, "issued": INSTANT, "effectiveDateTime": DATE_TIME, "start": DATE_TIME, "end": DATE_TIME,
    "valueDateTime": DATE_TIME, "answerDateTime": DATE_TIME, "valueDate": DATE, "answerDate": DATE,
    "valueTime": TIME, "answerTime": TIME, "date": DATE_TIME,
}

# The answer value[x] each Questionnaire item type allows (R4 QuestionnaireResponse, "answer.value[x]").
ANSWER_TYPES = {
    "boolean": {"valueBoolean"}, "decimal": {"valueDecimal"}, "integer": {"valueInteger"}, "date": {"valueDate"},
    "dateTime": {"valueDateTime"}, "time": {"valueTime"}, "string": {"valueString"}, "text": {"valueString"},
    "url": {"valueUri"}, "choice": {"valueCoding", "valueString", "valueInteger", "valueDate", "valueTime"},
    "open-choice": {"valueCoding", "valueString", "valueInteger", "valueDate", "valueTime"},
    "attachment": {"valueAttachment"}, "reference": {"valueReference"}, "quantity": {"valueQuantity"},
}


class Problem(Exception):
    pass


def check_json_rules(value, path):
    """No null, no empty string, array or object; dates in their FHIR forms."""
    if value is None:
        raise Problem(f"{path}: null (FHIR leaves absent elements out)")
    if isinstance(value, str):
        if not value.strip():
            raise Problem(f"{path}: an empty string")
    elif isinstance(value, list):
        if not value:
            raise Problem(f"{path}: an empty array")
        for index, item in enumerate(value):
            check_json_rules(item, f"{path}[{index}]")
    elif isinstance(value, dict):
        if not value:
            raise Problem(f"{path}: an empty object")
        for key, item in value.items():
            form = FORMS.get(key)
            if form is not None and isinstance(item, str) and not form.match(item):
                raise Problem(f"{path}.{key}: {item!r} is not a FHIR {key} text")
            check_json_rules(item, f"{path}.{key}")


def check_model(resource, path):
    kind = resource.get("resourceType")
    if not isinstance(kind, str):
        raise Problem(f"{path}: no resourceType")
    try:
        model = get_fhir_model_class(kind)
    except KeyError:
        raise Problem(f"{path}: {kind} is not a FHIR resource type")
    try:
        model.parse_obj(resource)
    except Exception as error:  # the models' validation error, whatever its class
        text = " ".join(str(error).split())
        raise Problem(f"{path}: {kind} does not parse: {text}")
    return kind


def check_against(response, questionnaire):
    """Every QR item sits where the Questionnaire has it, with answers its type allows."""
    def walk(items, defined, path):
        order = [item["linkId"] for item in defined]
        last = -1
        for index, item in enumerate(items):
            here = f"{path}.item[{index}]"
            link = item.get("linkId")
            if link not in order:
                raise Problem(f"{here}: linkId {link!r} is not an item at this place of the Questionnaire")
            position = order.index(link)
            if position < last:
                raise Problem(f"{here}: linkId {link!r} is out of the Questionnaire's order")
            last = position
            source = defined[position]
            kind = source.get("type")
            answers = item.get("answer", [])
            if kind in ("group", "display"):
                if answers:
                    raise Problem(f"{here}: a {kind} item has answers")
                if kind == "display":
                    raise Problem(f"{here}: a display item is in the response")
                walk(item.get("item", []), source.get("item", []), here)
                if "item" not in item:
                    raise Problem(f"{here}: a group without answered items")
                continue
            if "item" in item:
                raise Problem(f"{here}: a question item has child items")
            if not answers:
                raise Problem(f"{here}: a question without answers")
            if len(answers) > 1 and not source.get("repeats", False):
                raise Problem(f"{here}: several answers to an item that does not repeat")
            for answer_index, answer in enumerate(answers):
                names = {key for key in answer if key.startswith("value")}
                allowed = ANSWER_TYPES.get(kind, set())
                if not names <= allowed:
                    raise Problem(f"{here}.answer[{answer_index}]: {sorted(names)} is not an answer to a {kind} item")

    walk(response.get("item", []), questionnaire.get("item", []), "QuestionnaireResponse")
    url = questionnaire.get("url")
    if url is not None:
        canonical = url + ("|" + questionnaire["version"] if "version" in questionnaire else "")
        if response.get("questionnaire") not in (url, canonical):
            raise Problem(f"questionnaire: {response.get('questionnaire')!r} does not name {canonical!r}")


UNIT_URL = "http://hl7.org/fhir/StructureDefinition/questionnaire-unit"


def given_answers(response):
    """linkId → [(value[x] name, value)] over the whole response, nested answers included."""
    found = {}

    def walk(items):
        for item in items or []:
            for answer in item.get("answer", []) or []:
                found.setdefault(item["linkId"], []).extend((k, v) for k, v in answer.items() if k.startswith("value"))
                walk(answer.get("item"))
            walk(item.get("item"))

    walk(response.get("item"))
    return found


def comparable(name, value):
    if name.endswith("Coding"):
        return ("coding", value.get("system"), value.get("code"))
    if name.endswith("Quantity"):
        return ("number", float(value.get("value")))
    if name.endswith("Integer") or name.endswith("Decimal"):
        return ("number", float(value))
    if name.endswith("Boolean"):
        return ("boolean", bool(value))
    return ("text", str(value))


def condition_holds(condition, answers):
    """One enableWhen (R4 Questionnaire.item.enableWhen): no answer makes it false, except `exists false`."""
    given = answers.get(condition.get("question"), [])
    operator = condition.get("operator")
    expected_name = next((key for key in condition if key.startswith("answer")), None)
    if operator == "exists":
        return bool(given) == bool(condition.get("answerBoolean"))
    if not given or expected_name is None:
        return False
    expected = comparable(expected_name, condition[expected_name])
    outcomes = []
    for name, value in given:
        actual = comparable(name, value)
        if expected[0] == "coding" and actual[0] == "text":
            actual = ("coding", None, actual[1])
        if actual[0] != expected[0]:
            outcomes.append(operator == "!=")
            continue
        if expected[0] == "coding":
            same = actual[2] == expected[2] and (expected[1] is None or actual[1] in (None, expected[1]))
            outcomes.append(same if operator == "=" else (not same) if operator == "!=" else False)
            continue
        a, e = actual[-1], expected[-1]
        outcomes.append({"=": a == e, "!=": a != e, ">": a > e, "<": a < e, ">=": a >= e, "<=": a <= e}.get(operator, False))
    return all(outcomes) if operator == "!=" else any(outcomes)


def is_enabled(item, answers):
    conditions = item.get("enableWhen") or []
    if not conditions:
        return True
    held = [condition_holds(condition, answers) for condition in conditions]
    return any(held) if item.get("enableBehavior") == "any" else all(held)


def check_enabling(response, questionnaire):
    """Answered items are enabled, enabled required questions are answered, quantities carry the item's unit."""
    table = {}

    def index(items, parents):
        for item in items or []:
            table[item.get("linkId")] = (item, parents)
            index(item.get("item"), parents + [item.get("linkId")])

    index(questionnaire.get("item"), [])
    answers = given_answers(response)

    def chain_enabled(link):
        definition, parents = table[link]
        return all(is_enabled(table[up][0], answers) for up in parents + [link])

    def present(items):
        for item in items or []:
            link = item.get("linkId")
            if link in table and not chain_enabled(link):
                raise Problem(f"item {link!r}: in the response although it (or a group around it) is not enabled")
            unit = next((ext.get("valueCoding", {}).get("code") for ext in table.get(link, ({}, []))[0].get("extension", [])
                         if ext.get("url") == UNIT_URL), None)
            for answer in item.get("answer", []) or []:
                if "valueQuantity" in answer and unit is not None and answer["valueQuantity"].get("code") != unit:
                    raise Problem(f"item {link!r}: a quantity not in the item's questionnaire-unit {unit!r}")
                present(answer.get("item"))
            present(item.get("item"))

    present(response.get("item"))
    for link, (definition, _) in table.items():
        extensions = {ext.get("url", "") for ext in definition.get("extension", [])}
        calculated = any(url.endswith(("calculatedExpression", "questionnaire-hidden")) for url in extensions)
        askable = definition.get("type") not in ("group", "display") and not definition.get("readOnly") and not calculated
        if definition.get("required") and askable and link not in answers and chain_enabled(link):
            raise Problem(f"item {link!r}: required and enabled, but not answered")


def main(arguments):
    questionnaire = None
    if arguments[:1] == ["--questionnaire"]:
        with open(arguments[1], encoding="utf-8") as handle:
            questionnaire = json.load(handle)
        arguments = arguments[2:]
    if not arguments:
        print("usage: check-fhir.py [--questionnaire Q.json] FILE...", file=sys.stderr)
        return 64
    status = 0
    for name in arguments:
        try:
            with open(name, encoding="utf-8") as handle:
                try:
                    resource = json.load(handle)
                except ValueError as error:
                    raise Problem(f"not JSON: {error}")
            if not isinstance(resource, dict):
                raise Problem("not a JSON object")
            check_json_rules(resource, resource.get("resourceType", "resource"))
            kind = check_model(resource, resource.get("resourceType", "resource"))
            if kind == "Bundle":
                for index, entry in enumerate(resource.get("entry", [])):
                    check_model(entry.get("resource", {}), f"Bundle.entry[{index}].resource")
            if kind == "QuestionnaireResponse" and questionnaire is not None:
                check_against(resource, questionnaire)
                check_enabling(resource, questionnaire)
            print(f"ok: {name} {kind}")
        except Problem as problem:
            print(f"{name}: {problem}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
