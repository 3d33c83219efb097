#!/usr/bin/env python3
"""numpy baseline for Regimen's range-of-motion benchmark.

The same work as `MotionRecording.load` + `RangeOfMotionCalculator.measure`: parse a ResearchKit device-motion
file ({"items": [...]} or a bare array) with Python's json module (C-accelerated) and replay ResearchKit's
range-of-motion algorithm (Regimen's docs/range-of-motion.md) with numpy, vectorized.

Usage:
  numpy_baseline.py FILE [--orientation portrait|landscape] [--runs N]   one JSON line: result + timings
  numpy_baseline.py FILE --serve [--orientation …]   reads "run" lines on stdin, answers one JSON line each
"""
import argparse
import json
import sys
import time

import numpy as np


def load(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    items = doc["items"] if isinstance(doc, dict) else doc
    if not items:
        raise ValueError("the recording has no samples")
    att = np.array([(i["attitude"]["x"], i["attitude"]["y"], i["attitude"]["z"], i["attitude"]["w"]) for i in items],
                   dtype=np.float64)
    g = items[0].get("gravity")
    return att, g


def angle_deg(x, y, z, w, orientation):
    if orientation == "portrait":   # pitchAll
        r = np.arctan2(2 * (x * w + y * z), 1 - 2 * (x * x + z * z))
    else:                           # rollAll
        r = np.arctan2(2 * (y * w - x * z), 1 - 2 * (y * y + z * z))
    return r * 180.0 / np.pi


def measure(att, gravity, orientation=None):
    guessed = orientation is None
    if guessed:
        orientation = "landscape" if gravity is not None and abs(gravity["x"]) > abs(gravity["y"]) else "portrait"
    x, y, z, w = att[:, 0], att[:, 1], att[:, 2], att[:, 3]
    rx, ry, rz, rw = att[0]
    ax, ay, az, aw = -rx, -ry, -rz, rw                     # conj(reference)
    # Hamilton product conj(ref) ⊗ q, term order as in docs/range-of-motion.md, "Quaternions and attitude"
    qw = aw * w - ax * x - ay * y - az * z
    qx = aw * x + ax * w + ay * z - az * y
    qy = aw * y - ax * z + ay * w + az * x
    qz = aw * z + ax * y - ay * x + az * w
    a = angle_deg(qx, qy, qz, qw, orientation)
    a = np.where((a > 90) & (a <= 180), np.abs(a) - 360, a)
    start_angle = float(angle_deg(rx, ry, rz, rw, orientation))
    max_angle = max(0.0, float(a.max()))
    if a[0] == 0.0 and not np.any(a[1:] == 0.0):
        # the minAngle == 0.0 sentinel: sample 0 is exactly 0, so the minimum runs from sample 1 on
        min_angle = float(a[1:].min()) if len(a) > 1 else 0.0
    else:                                                   # rare: replay the sentinel literally
        min_angle = 0.0
        for v in a.tolist():
            if min_angle == 0.0 or v < min_angle:
                min_angle = v
    start = 90.0 - start_angle
    minimum = start - max_angle
    maximum = start - min_angle
    return {"start": start, "finish": start - float(a[-1]), "minimum": minimum, "maximum": maximum,
            "range": abs(maximum - minimum), "orientation": orientation, "orientationGuessed": guessed,
            "sampleCount": int(len(a))}


def run_once(path, orientation):
    t0 = time.perf_counter()
    att, g = load(path)
    result = measure(att, g, orientation)
    result["seconds"] = time.perf_counter() - t0
    return result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--orientation", choices=["portrait", "landscape"])
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--serve", action="store_true")
    args = p.parse_args()
    if args.serve:
        for line in sys.stdin:
            if line.strip() != "run":
                break
            sys.stdout.write(json.dumps(run_once(args.file, args.orientation), sort_keys=True) + "\n")
            sys.stdout.flush()
        return
    results = [run_once(args.file, args.orientation) for _ in range(args.runs)]
    out = results[-1]
    times = sorted(r["seconds"] for r in results)
    out["seconds"] = times[len(times) // 2]
    out["secondsAll"] = times
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
