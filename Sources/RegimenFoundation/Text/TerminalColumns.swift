/// Text measured in terminal columns, as terminals lay it out (docs/text-width.md): the one measure for padding,
/// truncating and wrapping anything written to a terminal.
///
/// A grapheme cluster takes the columns the Python `wcwidth` package's `wcswidth` gives its scalars: East Asian Wide
/// and Fullwidth characters (emoji presentation included) two; combining marks, format characters (but the soft
/// hyphen and prepended concatenation marks), ZERO WIDTH JOINER, variation selectors and Hangul medial and final
/// jamo none; VARIATION SELECTOR-16 widens the narrow emoji it follows; a ZWJ sequence counts its first pictograph
/// only; a skin-tone modifier after a pictograph, and the second regional indicator of a flag, count nothing; a
/// spacing mark or an Indic conjunct one.
/// A string takes its clusters' sum. Control characters and ANSI escape sequences (`ESC [ … m`, `ESC ] … BEL`) take
/// no columns, as wcwidth's `width(text, control_codes="ignore")` measures them. East Asian Ambiguous characters are
/// narrow (one column), as in wcwidth's default.
package enum TerminalColumns {
    /// The Unicode version of the width tables (`TerminalColumnTables`, from wcwidth's).
    package static var unicodeVersion: String { TerminalColumnTables.unicodeVersion }

    /// Columns `text` takes: 0 for an empty string; printable ASCII one column a byte, without looking at clusters.
    package static func width(of text: some StringProtocol) -> Int {
        if let ascii = printableASCIICount(text) { return ascii }
        var total = 0
        forEachPiece(of: Substring(text)) { piece in
            total += piece.columns
            return true
        }
        return total
    }

    /// Columns one grapheme cluster takes (0 for a control character).
    package static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalarWidth(scalar.value) }
        return clusterWidth(Array(scalars))
    }

    /// `text` followed by spaces up to `columns` columns; text already as wide or wider is returned as it is (never
    /// cut: see `truncated(_:to:ellipsis:)`).
    package static func padded(_ text: String, to columns: Int) -> String {
        let used = width(of: text)
        return used >= columns ? text : text + String(repeating: " ", count: columns - used)
    }

    /// `text` after spaces up to `columns` columns (right-aligned); never cut.
    package static func rightAligned(_ text: String, to columns: Int) -> String {
        let used = width(of: text)
        return used >= columns ? text : String(repeating: " ", count: columns - used) + text
    }

    /// `text` when it fits in `columns`; else its longest run of whole clusters that leaves room for `ellipsis`,
    /// then the ellipsis, then a space when a two-column cluster did not fit, so the result is exactly `columns` wide.
    /// Escape sequences in the cut-off part are dropped. An ellipsis wider than `columns` is cut itself.
    package static func truncated(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return text }
        let ellipsisWidth = width(of: ellipsis)
        guard ellipsisWidth <= columns else { return truncated(ellipsis, to: columns, ellipsis: "") }
        let room = columns - ellipsisWidth
        var kept = 0
        var end = text.startIndex
        forEachPiece(of: text[...]) { piece in
            guard kept + piece.columns <= room else { return false }
            kept += piece.columns
            end = piece.range.upperBound
            return true
        }
        return String(text[..<end]) + ellipsis + String(repeating: " ", count: room - kept)
    }

    /// `text` as lines no wider than `columns`: each of its lines (at `\n`) broken at spaces when a word fits, else
    /// between any two grapheme clusters when one of them is two columns wide (CJK text has no spaces), else — a word
    /// longer than the line — between any two clusters. Never inside a cluster or an escape sequence. Spaces at a
    /// break are dropped; a line's leading spaces (indentation) are kept on its first line. A cluster wider than
    /// `columns` (a two-column character when `columns` is 1) gets a line of its own, the only line wider.
    package static func wrapped(_ text: String, to columns: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            wrappedLine(line, to: max(columns, 1))
        }
    }

    // MARK: - Pieces

    /// One thing the terminal shows: a grapheme cluster, or an escape sequence (no columns).
    struct Piece {
        let range: Range<String.Index>
        let columns: Int
        let isSpace: Bool
    }

    /// Calls `body` with each piece of `text` in order until it returns false.
    static func forEachPiece(of text: Substring, _ body: (Piece) -> Bool) {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            var next = text.index(after: index)
            let columns: Int
            if character == "\u{1B}" {
                next = escapeSequenceEnd(in: text, after: next)
                columns = 0
            } else {
                columns = width(of: character)
            }
            if !body(Piece(range: index..<next, columns: columns, isSpace: character == " ")) { return }
            index = next
        }
    }

    /// Where an escape sequence whose ESC ends at `index` ends: CSI (`[` parameters, intermediates, a final byte
    /// 0x40–0x7E), OSC (`]` … BEL or ESC `\`), or ESC and one character.
    private static func escapeSequenceEnd(in text: Substring, after index: String.Index) -> String.Index {
        guard index < text.endIndex else { return index }
        let introducer = text[index]
        var cursor = text.index(after: index)
        switch introducer {
        case "[":
            while cursor < text.endIndex {
                let value = text[cursor].unicodeScalars.first?.value ?? 0
                cursor = text.index(after: cursor)
                if (0x40...0x7E).contains(value) { break }
            }
        case "]":
            while cursor < text.endIndex {
                let character = text[cursor]
                cursor = text.index(after: cursor)
                if character == "\u{07}" { break }
                if character == "\u{1B}", cursor < text.endIndex, text[cursor] == "\\" {
                    cursor = text.index(after: cursor)
                    break
                }
            }
        default: break
        }
        return cursor
    }

    /// The count of `text`'s bytes when all are printable ASCII (0x20–0x7E), else nil.
    private static func printableASCIICount(_ text: some StringProtocol) -> Int? {
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte &- 0x20 >= 0x5F { return nil }
            return bytes.count
        }
        if let known = inPlace { return known }
        for byte in text.utf8 where byte &- 0x20 >= 0x5F { return nil }
        return text.utf8.count
    }

    // MARK: - Widths

    /// wcwidth's `wcwidth` for one scalar, with control characters (C0, DEL, C1) taking no columns.
    static func scalarWidth(_ value: UInt32) -> Int {
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        if contains(TerminalColumnTables.zeroWidth, value) { return 0 }
        if contains(TerminalColumnTables.wide, value) { return 2 }
        return 1
    }

    /// wcwidth's `wcswidth` over one cluster's scalars (control characters taking none), step by step as it is in
    /// wcwidth 0.7.0's `_wcswidth.py`.
    static func clusterWidth(_ scalars: [Unicode.Scalar]) -> Int {
        let tables = TerminalColumnTables.self
        var total = 0
        var lastMeasured: Int?
        var lastMeasuredValue: UInt32?
        var lastWasVirama = false
        var conjunctPending = false
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x200D {  // ZERO WIDTH JOINER: the character it joins takes no columns of its own
                if lastWasVirama {
                    index += 1
                } else {
                    lastWasVirama = false
                    index += index + 1 < scalars.count ? 2 : 1
                }
                continue
            }
            if value == 0xFE0F, let measured = lastMeasured {  // VARIATION SELECTOR-16: emoji presentation
                if contains(tables.narrowToWideBeforeVS16, scalars[measured].value) { total += 1 }
                lastMeasured = nil
                index += 1
                continue
            }
            if value > 0xFFFF {
                if contains(tables.regionalIndicator, value) {
                    var before = 0
                    var back = index - 1
                    while back >= 0, contains(tables.regionalIndicator, scalars[back].value) {
                        before += 1
                        back -= 1
                    }
                    if before % 2 == 1 {  // the second of a flag's pair
                        lastMeasuredValue = value
                        index += 1
                        continue
                    }
                } else if (0x1F3FB...0x1F3FF).contains(value), let base = lastMeasuredValue,
                    contains(tables.emojiJoining, base)
                {
                    index += 1  // a skin-tone modifier on the emoji before it
                    continue
                }
            }
            if lastWasVirama && contains(tables.indicConsonant, value) {
                lastMeasured = index
                lastMeasuredValue = value
                lastWasVirama = false
                conjunctPending = true
                index += 1
                continue
            }
            let width = scalarWidth(value)
            if width > 0 {
                if conjunctPending {
                    total += 1
                    conjunctPending = false
                }
                total += width
                lastMeasured = index
                lastMeasuredValue = value
                lastWasVirama = false
            } else if lastMeasured != nil && contains(tables.spacingMark, value) {
                total += 1
                lastMeasured = nil
                lastWasVirama = false
                conjunctPending = false
            } else {
                lastWasVirama = contains(tables.virama, value)
            }
            index += 1
        }
        if conjunctPending { total += 1 }
        return total
    }

    /// Whether `value` lies in one of `ranges`' inclusive (low, high) pairs, by binary search.
    private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2 - 1
        guard high >= 0, value >= ranges[0], value <= ranges[ranges.count - 1] else { return false }
        while low <= high {
            let middle = (low + high) / 2
            if value < ranges[2 * middle] {
                high = middle - 1
            } else if value > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    // MARK: - Wrapping

    private static func wrappedLine(_ line: Substring, to columns: Int) -> [String] {
        var pieces: [Piece] = []
        forEachPiece(of: line) { piece in
            pieces.append(piece)
            return true
        }
        var lines: [String] = []
        var start = 0
        while start < pieces.count {
            var used = 0
            var end = start
            var lastBreak: Int?
            var hasContent = false
            while end < pieces.count {
                let piece = pieces[end]
                if piece.isSpace {
                    if hasContent, !pieces[end - 1].isSpace { lastBreak = end }
                    used += piece.columns
                    end += 1
                    continue
                }
                if hasContent, !pieces[end - 1].isSpace, pieces[end - 1].columns == 2 || piece.columns == 2 {
                    lastBreak = end
                }
                if used + piece.columns > columns {
                    if hasContent { break }
                    if end > start {  // only spaces before: dropped so the cluster starts the line
                        start = end
                        used = 0
                    }
                    if piece.columns > columns {  // wider than a whole line: alone on one
                        end += 1
                        hasContent = true
                        break
                    }
                }
                used += piece.columns
                hasContent = true
                end += 1
            }
            let cut = end < pieces.count ? (lastBreak ?? end) : end
            var last = cut
            while last > start, pieces[last - 1].isSpace { last -= 1 }
            lines.append(
                last > start ? String(line[pieces[start].range.lowerBound..<pieces[last - 1].range.upperBound]) : "")
            start = cut
            while start < pieces.count, pieces[start].isSpace { start += 1 }
        }
        return lines.isEmpty ? [""] : lines
    }
}
