import Foundation
import RegimenFoundation

/// `study export --format sas`: the SAS program written beside each transport file (docs/analysis-exports.md, "SAS").
/// A transport file holds no formats, so the program reads the file with SAS's `%XPT2LOC` macro (version 8 transport
/// files; the `XPORT` engine reads version 5 only), defines the value labels with `PROC FORMAT` (`value` for whole-
/// number codes, `$` formats for text codes), and applies them and the variable labels in a DATA step.
enum AnalysisSASProgram {
    /// The most bytes of a label the program writes, variable or value label (SAS keeps 256 characters of a
    /// variable label).
    static let labelBytes = 256
    /// The most characters of a numeric format name (a `$` format's, `$` excluded, is one fewer).
    static let formatNameLength = 32

    /// One format: its name (with `$` for text codes) and its codes, each a SAS literal, with their labels.
    struct Format {
        /// The name, `$` first for text codes.
        var name: String
        /// The code literals (`1`, `'walking'`) and label texts, in order.
        var labels: [(code: String, text: String)]
    }

    /// The formats of `table` and the format of each variable that has one (by variable name). Variables with the
    /// same labels share one format, named after the first of them.
    static func formats(_ table: AnalysisTable) -> (formats: [Format], byVariable: [String: String]) {
        var formats: [Format] = []
        var bySignature: [[String]: String] = [:]
        var taken: Set<String> = []
        var byVariable: [String: String] = [:]
        for variable in table.variables {
            let text = variable.storage == .text
            var labels: [(code: String, text: String)] = []
            if text {
                guard !variable.textValueLabels.isEmpty else { continue }
                for label in variable.textValueLabels {
                    labels.append((literal(label.value, bytes: Int.max), label.text))
                }
            } else {
                guard !variable.valueLabels.isEmpty, variable.storage == .number else { continue }
                for label in variable.valueLabels { labels.append((String(label.value), label.text)) }
            }
            let signature = [text ? "$" : ""] + labels.flatMap { [$0.code, $0.text] }
            if let name = bySignature[signature] {
                byVariable[variable.name] = name
                continue
            }
            let name = formatName(for: variable.name, text: text, taken: &taken)
            bySignature[signature] = name
            byVariable[variable.name] = name
            formats.append(Format(name: name, labels: labels))
        }
        return (formats, byVariable)
    }

    /// A format name made from a variable's name: at most 32 characters (31 and `$` for text codes), ending in `_f` so
    /// it never ends in a digit nor is the name of a format SAS supplies, unique ignoring case (`_2_f`, `_3_f`…).
    static func formatName(for variable: String, text: Bool, taken: inout Set<String>) -> String {
        let limit = formatNameLength - (text ? 1 : 0)
        var counter = 1
        while true {
            let suffix = counter == 1 ? "_f" : "_\(counter)_f"
            let name = String(variable.prefix(limit - suffix.count)) + suffix
            if taken.insert(name.lowercased()).inserted { return (text ? "$" : "") + name }
            counter += 1
        }
    }

    /// The program that reads `xpt` into a data set named after the file (`analysis_wide`), saying when it was
    /// `written` (nil for a de-identified export, which names no real date).
    static func program(for table: AnalysisTable, xpt: String, written: Date?) -> String {
        let dataset = table.shape.fileStem.replacingOccurrences(of: "-", with: "_")
        let (formats, byVariable) = formats(table)
        var lines = [
            "/* Reads \(comment(xpt)) of a Regimen study export (regimen study export --format sas"
                + (written.map { "), written \(ISODateTime(utc: $0).text). */" } ?? " --deidentify). */"),
            "/* Run in SAS 9.4 or later with the export folder as the working folder, in a UTF-8 session. */",
            "/* Labels longer than \(labelBytes) bytes are cut here; variables.csv and dictionary.csv keep them whole. */",
            "%xpt2loc(libref=work, memlist=OUTCOMES, filespec=\(literal(xpt, bytes: Int.max)));",
            "",
        ]
        if !formats.isEmpty {
            lines.append("proc format;")
            for format in formats {
                lines.append("    value \(format.name)")
                for label in format.labels {
                    lines.append("        \(label.code) = \(literal(label.text, bytes: labelBytes))")
                }
                lines[lines.count - 1] += ";"
            }
            lines += ["run;", ""]
        }
        lines += ["data work.\(dataset);", "    set work.OUTCOMES;"]
        let formatted = table.variables.compactMap { variable in
            byVariable[variable.name].map { "        \(variable.name) \($0)." }
        }
        if !formatted.isEmpty {
            lines.append("    format")
            lines += formatted
            lines[lines.count - 1] += ";"
        }
        lines.append("    label")
        lines += table.variables.map { "        \($0.name) = \(literal($0.label, bytes: labelBytes))" }
        lines[lines.count - 1] += ";"
        lines += ["run;", "", "proc delete data=work.OUTCOMES;", "run;", ""]
        return lines.joined(separator: "\n")
    }

    /// A SAS quoted string: single quotes (so `&` and `%` are not read as macro triggers), a quote doubled, the text on
    /// one line (line breaks, tabs and other control characters as spaces), cut to at most `bytes` UTF-8 bytes at a
    /// character boundary (`AnalysisLabels.truncated`).
    static func literal(_ text: String, bytes: Int) -> String {
        var line = String.UnicodeScalarView()
        for scalar in AnalysisLabels.truncated(text, bytes: bytes).unicodeScalars {
            line.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        return "'" + String(line).replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Text safe inside a `/* … */` comment.
    private static func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "* /")
    }
}
