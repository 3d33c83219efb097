import RegimenFoundation

/// Left-aligned text columns separated by two spaces, with a header row; widths in terminal columns
/// (`TerminalColumns`), so CJK and emoji cells line up.
package struct TextTable {
    /// The column titles.
    package var header: [String]
    /// The rows, one cell per column.
    package var rows: [[String]]

    /// Creates a table.
    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table as lines of text.
    package func render() -> String {
        var widths = Array(repeating: 0, count: header.count)
        for row in [header] + rows { Self.widen(&widths, toFit: row) }
        return ([header] + rows).map { Self.line($0, widths: widths) }.joined(separator: "\n")
    }

    /// Widens `widths` (one per column) to fit `row`'s cells, for tables written a row at a time after a first pass.
    package static func widen(_ widths: inout [Int], toFit row: [String]) {
        for (column, cell) in row.enumerated() where widths.indices.contains(column) {
            widths[column] = max(widths[column], TerminalColumns.width(of: cell))
        }
    }

    /// One line: each cell but the last padded to its column's width, two spaces between cells (a cell wider than its
    /// column is not cut).
    package static func line(_ row: [String], widths: [Int]) -> String {
        row.enumerated().map { index, cell in
            index == row.count - 1 || !widths.indices.contains(index)
                ? cell : TerminalColumns.padded(cell, to: widths[index])
        }.joined(separator: "  ")
    }
}
