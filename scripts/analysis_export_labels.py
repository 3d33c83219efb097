"""Labels as the analysis exports write them (docs/analysis-exports.md, "Labels"), shared by
check-analysis-export.py and check-sas-program.py."""


def cut(text, limit, controls=False):
    """A label as the files keep it: one line (line breaks and tabs as spaces; with `controls`, every other control
    character too, as the SAS program writes it), at most `limit` UTF-8 bytes, whole characters."""
    text = text.replace("\r\n", " ")
    out, size = [], 0
    for character in text:
        if character in "\n\r\t\v\f\x85\u2028\u2029":
            character = " "
        length = len(character.encode("utf-8"))
        if size + length > limit:
            break
        if controls and (ord(character) < 0x20 or ord(character) == 0x7F):
            character = " "
        out.append(character)
        size += length
    return "".join(out)
