#!/usr/bin/env python3
"""Prints the terminal width of each string of a JSON array read from standard input, as a JSON array of numbers.

The oracle of Regimen's width tests (docs/text-width.md, "How it is checked"): the Python wcwidth package's
`width(text, control_codes="ignore")`, which is its `wcswidth` with escape sequences and control characters taking no
columns. Exits 3 when wcwidth is not installed (`pip install wcwidth`), so a test can skip with that reason.
"""

import json
import sys

try:
    import wcwidth
except ImportError:
    sys.stderr.write("the Python package wcwidth is not installed (pip install wcwidth)\n")
    sys.exit(3)


def main():
    texts = json.load(sys.stdin)
    widths = [wcwidth.width(text, control_codes="ignore") for text in texts]
    json.dump({"version": wcwidth.__version__, "widths": widths}, sys.stdout)


if __name__ == "__main__":
    main()
