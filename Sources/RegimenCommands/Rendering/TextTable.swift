/// Left-aligned text columns separated by two spaces, with a header row.
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
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
