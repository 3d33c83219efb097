#!/usr/bin/env python3
"""Prints, one per line, the functions of one executable that callgrind profiles saw run: the symbol names, as lld's
--symbol-ordering-file takes them (docs/performance.md, "Code layout (the installed build)").

Usage: scripts/callgrind-functions.py [--map LINK_MAP] EXECUTABLE_NAME PROFILE...
  --map            the map lld wrote when it linked the executable (-Map): names defined more than once are then
                   listed only when no copy would bring a large piece of code along (below)
  EXECUTABLE_NAME  the file name of the profiled executable; functions of other objects (libc, the loader) are left out
  PROFILE          callgrind output files (valgrind --tool=callgrind --demangle=no), in the order wanted: a function
                   is listed once, with the functions of the first profile that names it, which are sorted by name

Callgrind's format ("Callgrind Format Specification", valgrind's docs/callgrind-format): `ob=` names the object and
`fn=` the function that the cost lines after it belong to; `cob=`/`cfn=` name a called one. With name compression a
name is given once as `(id) name` and later as `(id)`. A function callgrind could not name appears as its address
(`0x…`) and `(below main)` stands for the C start-up: neither is a symbol, so neither is printed. A `'N` suffix marks
a recursion level, not a different function. Callgrind writes a profile's functions in the order of its hash tables,
which differs from one run of the same command to the next; sorted, an order written anew differs from the one before
only where the functions that ran did, and the functions each profile adds stay side by side.

Names defined more than once: many files define local helpers of the same name (the value witnesses every module
emits for `Optional`, merged thunks). The linker places every definition of a listed name, each with the section it
is in, and in the Swift runtime's and Foundation's archives, compiled without function sections, that section is the
whole file's code: one such name brought 900 KB of the regex library, which nothing runs, in among the profiled code.
With the map, such a name is listed only when each section defining it is small (one page at most) or holds a
function listed for itself anyway; otherwise the copy that ran stays where it is. Without the map, every name is
listed.
Exit 0 with the list; 1 when a profile names no function of EXECUTABLE_NAME (the wrong name, or a failed run).
"""
import re
import sys

ENTRY = re.compile(r"\((\d+)\)(?: (.*))?$")
# lld's map: VMA, LMA, size and alignment in columns, then the output section, an input section (`file:(section)`)
# or a symbol, each indented one step further than the one it belongs to.
MAP_LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(.*)$")
PAGE = 4096


def resolve(table, spec):
    """The name a compressed `(id) name` / `(id)` specification stands for, remembering new ones."""
    match = ENTRY.match(spec)
    if not match:
        return spec
    identifier, name = match.group(1), match.group(2)
    if name is not None:
        table[identifier] = name
    return table.get(identifier)


def functions(path, executable):
    """The functions of `executable` that the profile at `path` gives costs to, in the order it first names them."""
    objects, names, found = {}, {}, []
    current_object = None
    with open(path, errors="replace") as profile:
        for line in profile:
            line = line.rstrip("\n")
            if line.startswith("ob="):
                current_object = resolve(objects, line[3:])
            elif line.startswith("cob="):
                resolve(objects, line[4:])
            elif line.startswith("cfn="):
                resolve(names, line[4:])
            elif line.startswith("fn="):
                name = resolve(names, line[3:])
                if current_object and current_object.split("/")[-1] == executable and name:
                    found.append(re.sub(r"'\d+$", "", name))
    return found


def code_sections(link_map):
    """For each symbol in the map's .text: the (index, size) of every input section defining it."""
    sections, current, in_text, index = {}, None, False, 0
    with open(link_map, errors="replace") as lines:
        for line in lines:
            match = MAP_LINE.match(line)
            if not match:
                continue
            size, indent, name = int(match.group(1), 16), len(match.group(2)), match.group(3)
            if indent == 1:  # an output section
                in_text, current = name == ".text", None
            elif not in_text:
                continue
            elif ":(" in name:  # an input section
                index += 1
                current = (index, size)
            elif current is not None:
                sections.setdefault(name, []).append(current)
    return sections


def listable(names, sections):
    """`names` without the repeated ones that would bring a large section nothing else in the list needs."""
    needed = {section for name in names if len(sections.get(name, ())) == 1 for section in sections[name]}
    return [name for name in names
            if len(sections.get(name, ())) <= 1
            or all(section in needed or section[1] <= PAGE for section in sections[name])]


def main(arguments):
    link_map = None
    if arguments[:1] == ["--map"] and len(arguments) > 1:
        link_map, arguments = arguments[1], arguments[2:]
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 64
    executable, seen = arguments[0], {}
    for path in arguments[1:]:
        listed = functions(path, executable)
        if not listed:
            print(f"{path}: no function of {executable} in this profile", file=sys.stderr)
            return 1
        for name in sorted(set(listed)):
            if not name.startswith("0x") and name != "(below main)":
                seen.setdefault(name, None)
    names = list(seen)
    if link_map:
        names = listable(names, code_sections(link_map))
    sys.stdout.write("".join(name + "\n" for name in names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
