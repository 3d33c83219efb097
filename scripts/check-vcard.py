#!/usr/bin/env python3
"""Reads vCards back with an independent library, vobject (docs/care-plans.md, "vCards").

Each FILE holds one or more vCards. Before parsing, the raw bytes are checked against RFC 6350: UTF-8, every line
ended by CRLF, no line longer than 75 octets (§3.2). Prints one JSON object per card, on one line, with what vobject
read: fn, n (family, given, additional, prefix, suffix), title, role, org, tel (value and TYPE list), email, adr
(box, extended, street, city, region, code, country), kind, version. Exits 1 naming the first problem.
"""
import json
import sys

import vobject


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_bytes(path, data):
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(f"{path}: not UTF-8 ({error})")
    if not data.endswith(b"\r\n"):
        fail(f"{path}: the last line does not end with CRLF")
    for number, line in enumerate(data.split(b"\r\n")[:-1], start=1):
        if b"\n" in line or b"\r" in line:
            fail(f"{path}: line {number}: a bare LF or CR")
        if len(line) > 75:
            fail(f"{path}: line {number}: {len(line)} octets (at most 75)")


def types(prop):
    return sorted(t.lower() for value in prop.params.get("TYPE", []) for t in value.split(","))


def card_json(card):
    result = {"version": card.version.value, "fn": card.fn.value}
    if hasattr(card, "n"):
        n = card.n.value
        result["n"] = [n.family, n.given, n.additional, n.prefix, n.suffix]
    for name in ("title", "role", "kind"):
        if hasattr(card, name):
            result[name] = getattr(card, name).value
    if hasattr(card, "org"):
        value = card.org.value
        result["org"] = value if isinstance(value, str) else ";".join(value)
    result["tel"] = [[tel.value, types(tel)] for tel in card.contents.get("tel", [])]
    result["email"] = [[email.value, types(email)] for email in card.contents.get("email", [])]
    if hasattr(card, "adr"):
        a = card.adr.value
        result["adr"] = [a.box, a.extended, a.street, a.city, a.region, a.code, a.country]
    return result


def main():
    if len(sys.argv) < 2:
        fail("usage: check-vcard.py FILE…")
    for path in sys.argv[1:]:
        with open(path, "rb") as handle:
            data = handle.read()
        check_bytes(path, data)
        for card in vobject.readComponents(data.decode("utf-8")):
            print(json.dumps(card_json(card), ensure_ascii=False, sort_keys=True))


main()
