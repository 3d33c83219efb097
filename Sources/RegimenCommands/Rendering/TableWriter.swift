import RegimenFoundation

/// One typed cell of a streamed table: CSV writes its text (empty for `.empty`), JSON its value (`null`).
package enum TableCell {
    /// No value.
    case empty
    /// Text.
    case text(String)
    /// A whole number.
    case integer(Int)
    /// A number.
    case number(Double)
    /// Text in CSV, the JSON value `json` in JSON (a typed outcome value).
    case value(text: String, json: String)

    /// The cell's text, unquoted (empty for `.empty`).
    package var text: String {
        switch self {
        case .empty: ""
        case .text(let text), .value(let text, _): text
        case .integer(let number): String(number)
        case .number(let number): TableWriter.numberText(number)
        }
    }
}

/// A table written row by row, never held whole (docs/study-database.md, "What researchers read"): CSV per RFC 4180
/// (header row, `CSV.field` quoting, `\n` line ends, empty cells for missing values) or JSON (an array of objects,
/// keys in column order, `null` for missing values).
package final class TableWriter {
    /// The layouts.
    package enum Format {
        case csv
        case json
    }

    private let format: Format
    private let columns: [String]
    private let quotedKeys: [String]
    private let output: TableOutput
    private var rows = 0

    /// Starts a table of `columns` on `output` (writes the CSV header or the JSON array's opening).
    package init(_ format: Format, columns: [String], output: TableOutput) throws(RegimenError) {
        self.format = format
        self.columns = columns
        self.output = output
        quotedKeys = columns.map { key in
            var text = ""
            JSONWriter.appendQuoted(key, into: &text)
            return text
        }
        switch format {
        case .csv: try output.write(columns.map(CSV.field).joined(separator: ",") + "\n")
        case .json: try output.write("[")
        }
    }

    /// Writes one row (cells in column order).
    package func write(_ cells: [TableCell]) throws(RegimenError) {
        var line = ""
        switch format {
        case .csv:
            for (index, cell) in cells.enumerated() {
                if index > 0 { line += "," }
                switch cell {
                case .empty: break
                case .integer, .number: line += cell.text
                case .text(let text), .value(let text, _): line += CSV.field(text)
                }
            }
            line += "\n"
        case .json:
            line += rows == 0 ? "\n{" : ",\n{"
            for (index, cell) in cells.enumerated() where index < quotedKeys.count {
                if index > 0 { line += ", " }
                line += quotedKeys[index] + ": "
                switch cell {
                case .empty: line += "null"
                case .text(let text): JSONWriter.appendQuoted(text, into: &line)
                case .integer(let number): line += String(number)
                case .number(let number): line += number.isFinite ? Self.numberText(number) : "null"
                case .value(_, let json): line += json
                }
            }
            line += "}"
        }
        rows += 1
        output.rows = rows
        try output.write(line)
    }

    /// Ends the table (closes the JSON array); the output stays open.
    package func end() throws(RegimenError) {
        if format == .json { try output.write(rows == 0 ? "]\n" : "\n]\n") }
    }

    /// A number without a needless ".0".
    package static func numberText(_ value: Double) -> String {
        let text = JSONWriter.numberText(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
