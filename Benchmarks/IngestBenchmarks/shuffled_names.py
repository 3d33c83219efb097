#!/usr/bin/env python3
"""Gives the ingest benchmark's files names in no useful order: every `*.json` file of SOURCE hard-linked into TARGET
under the name of another (a fixed permutation, seed 7), once; a marker `.complete-COUNT` makes later calls return at
once. The files are the same, only their names no longer follow the days, so `regimen ingest` cannot store them while
it reads them and sorts them all first (docs/performance.md, "Storing while reading").
Usage: shuffled_names.py SOURCE TARGET
"""
import os
import random
import shutil
import sys

source, target = sys.argv[1], sys.argv[2]
names = sorted(name for name in os.listdir(source) if name.endswith(".json"))
marker = os.path.join(target, f".complete-{len(names)}")
if os.path.exists(marker):
    sys.exit(0)
shutil.rmtree(target, ignore_errors=True)
os.makedirs(target)
shuffled = names[:]
random.Random(7).shuffle(shuffled)
for name, other in zip(names, shuffled):
    os.link(os.path.join(source, name), os.path.join(target, other))
open(marker, "w").close()
