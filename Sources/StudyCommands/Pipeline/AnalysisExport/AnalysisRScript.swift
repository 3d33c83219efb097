import Foundation
import RegimenCommands
import RegimenFoundation

/// `study export --format r`: the analysis table as CSV and an R script that reads it with base R alone — `read.csv`
/// with `colClasses`, dates and times as `POSIXct`, coded variables as factors, labels as the `label` attribute
/// (docs/analysis-exports.md, "R").
enum AnalysisRScript {
    /// A cell as the R CSV holds it: numbers as the CSV export writes them, dates and times as `YYYY-MM-DD HH:MM:SS`.
    static func csvCell(_ cell: AnalysisCell) -> TableCell {
        switch cell {
        case .missing: .empty
        case .number(let value): .number(value)
        case .text(let text): .text(text)
        case .dateTime(let seconds): .text(dateTimeText(seconds))
        }
    }

    /// `YYYY-MM-DD HH:MM:SS` of seconds since 1970 (the wall clock the variable states).
    static func dateTimeText(_ seconds: Double) -> String {
        let reading = CivilDateTime(Date(timeIntervalSince1970: seconds), offsetMinutes: 0)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        return "\(reading.year)-\(two(reading.month))-\(two(reading.day)) "
            + "\(two(reading.hour)):\(two(reading.minute)):\(two(reading.second))"
    }

    /// The script that reads `csv` (in `regimen_export_dir` when set, else the working folder) into a data frame named
    /// after the file (`analysis_wide`), saying when it was `written` (nil for a de-identified export, which names no
    /// real date). ASCII only: other characters are written as `\U{…}` escapes.
    static func script(for table: AnalysisTable, csv: String, written: Date?) -> String {
        let frame = table.shape.fileStem.replacingOccurrences(of: "-", with: "_")
        var lines = [
            "# Reads \(csv) of a Regimen study export (regimen study export --format r"
                + (written.map { "), written \(ISODateTime(utc: $0).text)." } ?? " --deidentify)."),
            "# Base R only. Dates and times are POSIXct read as UTC: *_utc columns are UTC, *_local columns the",
            "# participant's local wall time. Coded answers are factors; each column's label is attr(x, \"label\").",
            "# Missing values are NA; the wide table's *_mr columns say why a value is missing.",
            "\(frame) <- local({",
            "    dir <- if (exists(\"regimen_export_dir\")) get(\"regimen_export_dir\") else \".\"",
            "    classes <- c(",
        ]
        let classes = table.variables.map { variable in
            let type =
                switch variable.storage {
                case .number: "numeric"
                case .text, .dateTime: "character"
                }
            return "        \(variable.name) = \(quoted(type))"
        }
        lines.append(classes.joined(separator: ",\n"))
        lines += [
            "    )",
            "    data <- read.csv(file.path(dir, \(quoted(csv))), colClasses = classes, na.strings = \"\",",
            "        encoding = \"UTF-8\", check.names = FALSE, stringsAsFactors = FALSE)",
            "    coded <- function(x, codes, texts) {",
            "        extra <- setdiff(sort(unique(x[!is.na(x)])), codes)",
            "        factor(x, levels = c(codes, extra), labels = c(texts, as.character(extra)))",
            "    }",
        ]
        for variable in table.variables {
            let column = "data[[\(quoted(variable.name))]]"
            if variable.storage == .dateTime {
                lines.append(
                    "    \(column) <- as.POSIXct(\(column), tz = \"UTC\", format = \"%Y-%m-%d %H:%M:%S\")")
            }
            if !variable.valueLabels.isEmpty, variable.storage == .number {
                let codes = variable.valueLabels.map { String($0.value) }.joined(separator: ", ")
                let texts = variable.valueLabels.map { quoted($0.text) }.joined(separator: ", ")
                lines.append("    \(column) <- coded(\(column), c(\(codes)), c(\(texts)))")
            }
            lines.append("    attr(\(column), \"label\") <- \(quoted(variable.label))")
        }
        lines += ["    data", "})", ""]
        return lines.joined(separator: "\n")
    }

    /// An R string literal: `"` quoted, backslash escapes for quotes, backslashes and control characters, `\U{…}`
    /// for every character outside ASCII.
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\x" + String(scalar.value, radix: 16, uppercase: false).leftPadded(to: 2)
                } else if scalar.value > 0x7E {
                    literal += "\\U{" + String(scalar.value, radix: 16, uppercase: false) + "}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}

extension String {
    /// The text with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
