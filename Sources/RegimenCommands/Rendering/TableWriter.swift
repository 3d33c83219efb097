package import CareModel
package import Foundation
import RegimenFoundation

/// One typed cell of a streamed table: CSV writes its text (empty for `.empty`), JSON its value (`null`).
package enum TableCell: Sendable {
    /// No value.
    case empty
    /// Text.
    case text(String)
    /// A whole number.
    case integer(Int)
    /// A number.
    case number(Double)
    /// A typed outcome value: its text in CSV, its JSON value in JSON (dates in `timeZone`).
    case outcomeValue(OutcomeValue.Value, timeZone: TimeZone)

    /// The cell's text, unquoted (empty for `.empty`).
    package var text: String {
        switch self {
        case .empty: ""
        case .text(let text): text
        case .integer(let number): String(number)
        case .number(let number): TableWriter.numberText(number)
        case .outcomeValue(let value, let zone): value.text(timeZone: zone)
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

    /// Turns rows into bytes; rows may be rendered on other tasks with it and written in order with `write(rendered:)`.
    package let renderer: TableRowRenderer
    private let output: TableOutput
    private var rows = 0

    /// Starts a table of `columns` on `output` (writes the CSV header or the JSON array's opening).
    package init(_ format: Format, columns: [String], output: TableOutput) throws(RegimenError) {
        renderer = TableRowRenderer(format: format, columns: columns)
        self.output = output
        switch format {
        case .csv: try output.write(columns.map(CSV.field).joined(separator: ",") + "\n")
        case .json: try output.write("[")
        }
    }

    /// Writes one row (cells in column order).
    package func write(_ cells: [TableCell]) throws(RegimenError) {
        var rendered = TableRowRenderer.Rows()
        renderer.append(cells, to: &rendered)
        try write(rendered: rendered)
    }

    /// Writes rows rendered by `renderer`, after those written before.
    package func write(rendered: TableRowRenderer.Rows) throws(RegimenError) {
        guard rendered.count > 0 else { return }
        // Each JSON row starts with the comma that separates it from the row before; the first row has none before it.
        let skip = renderer.format == .json && rows == 0 ? 1 : 0
        rows += rendered.count
        output.rows = rows
        try output.write(bytes: rendered.bytes[skip...])
    }

    /// Ends the table (closes the JSON array); the output stays open.
    package func end() throws(RegimenError) {
        if renderer.format == .json { try output.write(rows == 0 ? "]\n" : "\n]\n") }
    }

    /// A number without a needless ".0".
    package static func numberText(_ value: Double) -> String {
        let text = JSONWriter.numberText(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// How a table's rows become bytes — CSV lines or JSON objects each led by `,\n` — without the writer's state, so rows
/// can be rendered on several tasks at once and written in order by `TableWriter.write(rendered:)`.
package struct TableRowRenderer: Sendable {
    /// Rendered rows.
    package struct Rows: Sendable {
        /// Their bytes.
        package fileprivate(set) var bytes: [UInt8] = []
        /// How many rows.
        package fileprivate(set) var count = 0

        /// No rows yet.
        package init() {}
    }

    /// The layout.
    package let format: TableWriter.Format
    private let quotedKeys: [String]

    init(format: TableWriter.Format, columns: [String]) {
        self.format = format
        quotedKeys = columns.map { key in
            var text = ""
            JSONWriter.appendQuoted(key, into: &text)
            return text
        }
    }

    /// Appends one row (cells in column order) to `rows`.
    package func append(_ cells: [TableCell], to rows: inout Rows) {
        switch format {
        case .csv:
            for (index, cell) in cells.enumerated() {
                if index > 0 { rows.bytes.append(0x2C) }
                switch cell {
                case .empty: break
                case .integer(let number): DigitText.append(number, to: &rows.bytes)
                case .number: rows.bytes.append(contentsOf: cell.text.utf8)
                case .text(let text): CSV.appendField(text, to: &rows.bytes)
                case .outcomeValue(let value, let zone): CSV.appendField(value.text(timeZone: zone), to: &rows.bytes)
                }
            }
            rows.bytes.append(0x0A)
        case .json:
            var line = ",\n{"
            for (index, cell) in cells.enumerated() where index < quotedKeys.count {
                if index > 0 { line += ", " }
                line += quotedKeys[index] + ": "
                switch cell {
                case .empty: line += "null"
                case .text(let text): JSONWriter.appendQuoted(text, into: &line)
                case .integer(let number): line += String(number)
                case .number(let number): line += number.isFinite ? TableWriter.numberText(number) : "null"
                case .outcomeValue(let value, let zone):
                    var json = JSONWriter.prettyText(value.json(timeZone: zone))
                    while json.hasSuffix("\n") { json.removeLast() }
                    line += json
                }
            }
            line += "}"
            rows.bytes.append(contentsOf: line.utf8)
        }
        rows.count += 1
    }
}
