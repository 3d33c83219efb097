#!/usr/bin/env python3
"""Evaluates FHIRPath expressions with fhirpathpy, the independent implementation FHIRPathTests compares with
(docs/expressions.md, "How it is checked").

Reads one JSON document from stdin: {"resource": {...}, "cases": [{"expression": "...", "variables": {"name": [...]}}]}
and prints a JSON array with one entry per case, in order: {"result": [ITEM, ...]} or {"error": "message"}. Each ITEM
is tagged so that both sides write the same thing: {"boolean": true}, {"number": "1.5"}, {"string": "text"} (dates,
date-times and times too, as their text), {"quantity": ["70", "kg"]}, {"element": {...}}.

The resource is read with decimals kept as written, and evaluated with fhirpathpy's R4 model, which types choice
elements (valueDate, valueQuantity…) as Regimen's table does. %resource, %rootResource and %context are the resource.
"""
import decimal
import json
import sys

from fhirpathpy import evaluate
from fhirpathpy.engine.nodes import FP_DateTime, FP_Quantity, FP_Time, FP_Type
from fhirpathpy.models import models


def number_text(value):
    """A number's digits: integers as they are, decimals without exponent or trailing zeros."""
    if isinstance(value, int):
        return str(value)
    value = decimal.Decimal(str(value)) if isinstance(value, float) else value
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def plain(value):
    """An element's JSON with decimals as JSON numbers."""
    if isinstance(value, dict):
        return {key: plain(member) for key, member in value.items()}
    if isinstance(value, list):
        return [plain(member) for member in value]
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def tagged(item):
    if isinstance(item, bool):
        return {"boolean": item}
    if isinstance(item, (int, float, decimal.Decimal)):
        return {"number": number_text(item)}
    if isinstance(item, str):
        return {"string": item}
    if isinstance(item, FP_Quantity):
        unit = item.unit.strip("'") if item.unit else "1"
        return {"quantity": [number_text(item.value), unit]}
    if isinstance(item, (FP_DateTime, FP_Time, FP_Type)):
        # The text as written or computed: str() fills a partial date's missing parts in from today.
        return {"string": getattr(item, "asStr", None) or str(item)}
    if isinstance(item, dict):
        return {"element": plain(item)}
    return {"unknown": repr(item)}


def main():
    request = json.load(sys.stdin, parse_float=decimal.Decimal)
    resource = request["resource"]
    model = models["r4"]
    answers = []
    for case in request["cases"]:
        environment = {"resource": resource, "rootResource": resource, "context": resource}
        environment.update(case.get("variables", {}))
        try:
            result = evaluate(resource, case["expression"], environment, model)
            answers.append({"result": [tagged(item) for item in result]})
        except Exception as error:  # fhirpathpy signals every error as a plain Exception
            answers.append({"error": str(error)[:200] or type(error).__name__})
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
