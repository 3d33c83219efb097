#!/usr/bin/env python3
"""Writes the ingest benchmark's input: COUNT daily check-in result files (Regimen's pretty ResearchKit-serializer
JSON, one every STEP days (default 1) from 1990-01-01T08:06:40Z, pain 1-10 and sleep 0-12) into FOLDER, once; a
marker file `.complete-1990-COUNT[-STEP]` makes later calls return at once.
Usage: generate_results.py FOLDER [COUNT [STEP]]

The days start in 1990 so that 10,000 of them end in 2017, in the past: `regimen ingest` refuses runs that end in the
future (docs/answer-validation.md), and files from 2000 on reached into 2027.
"""
import datetime
import os
import shutil
import sys

TEMPLATE = """{{
  "_class": "ORKTaskResult",
  "endDate": "{end}",
  "identifier": "checkin",
  "results": [
    {{
      "_class": "ORKStepResult",
      "endDate": "{end}",
      "identifier": "checkin.form",
      "isPreviousResult": false,
      "results": [
        {{
          "_class": "ORKScaleQuestionResult",
          "endDate": "{end}",
          "identifier": "checkin.form.pain",
          "questionType": 1,
          "scaleAnswer": {pain},
          "startDate": "{end}"
        }},
        {{
          "_class": "ORKScaleQuestionResult",
          "endDate": "{end}",
          "identifier": "checkin.form.sleep",
          "questionType": 1,
          "scaleAnswer": {sleep},
          "startDate": "{end}"
        }}
      ],
      "startDate": "{end}"
    }}
  ],
  "startDate": "{end}",
  "taskRunUUID": "{run}"
}}
"""


def main(folder, count, step=1):
    marker = os.path.join(folder, f".complete-1990-{count}" + (f"-{step}" if step != 1 else ""))
    if os.path.exists(marker):
        return
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    base = datetime.datetime(1990, 1, 1, 8, 6, 40, tzinfo=datetime.timezone.utc)
    for index in range(count):
        end = (base + datetime.timedelta(days=index * step)).strftime("%Y-%m-%dT%H:%M:%S+0000")
        run = "3F2504E0-4F89-41D3-9A0C-%012X" % index
        text = TEMPLATE.format(end=end, run=run, pain=1 + index % 10, sleep=index % 13)
        with open(os.path.join(folder, f"checkin-{index}.json"), "w") as handle:
            handle.write(text)
    open(marker, "w").close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
