import Foundation
import RegimenFoundation

/// Renders a measurement for `regimen motion FILE [--orientation …] [--format table|json]`.
package struct MotionReport: Sendable, Hashable {
    /// The output format.
    package enum Format: String, Sendable, Hashable, CaseIterable {
        /// Aligned text for people.
        case table
        /// One JSON object with sorted keys, for scripts.
        case json
    }

    /// The measurement shown.
    package var measurement: RangeOfMotionMeasurement
    /// The recording's file name, shown when given.
    package var fileName: String?

    /// Creates a report.
    package init(measurement: RangeOfMotionMeasurement, fileName: String? = nil) {
        self.measurement = measurement
        self.fileName = fileName
    }

    /// The report in `format`, without a trailing newline.
    package func render(_ format: Format) -> String {
        switch format {
        case .table: table
        case .json: json
        }
    }

    /// Labels left, values right-aligned; angles in degrees with six decimals (ResearchKit's `%f`), e.g.
    /// `start        89.722991`.
    package var table: String {
        let m = measurement
        let angles: [(String, Double)] = [
            ("start", m.start), ("finish", m.finish), ("minimum", m.minimum), ("maximum", m.maximum),
            ("range", m.range),
        ]
        let texts = angles.map { Self.fixed($0.1) }
        let width = max(
            texts.map { TerminalColumns.width(of: $0) }.max() ?? 0, TerminalColumns.width(of: String(m.sampleCount)))
        let labelWidth = 12
        func row(_ label: String, _ value: String) -> String {
            TerminalColumns.padded(label, to: labelWidth) + value
        }
        func right(_ text: String) -> String { TerminalColumns.rightAligned(text, to: width) }
        var lines: [String] = []
        if let fileName { lines.append(row("file", fileName)) }
        lines.append(
            row("orientation", m.orientation.rawValue + (m.orientationWasGuessed ? " (guessed from gravity)" : "")))
        lines.append(row("samples", right(String(m.sampleCount))))
        for (index, (label, _)) in angles.enumerated() {
            lines.append(row(label, right(texts[index])))
        }
        return lines.joined(separator: "\n")
    }

    /// `{"file":…,"finish":…,"maximum":…,"minimum":…,"orientation":…,"orientationGuessed":…,"range":…,
    /// "sampleCount":…,"start":…}`: keys sorted, numbers in shortest round-trip form, `file` only when known.
    package var json: String {
        let m = measurement
        var members: [(String, String)] = [
            ("finish", Self.number(m.finish)), ("maximum", Self.number(m.maximum)),
            ("minimum", Self.number(m.minimum)), ("orientation", Self.string(m.orientation.rawValue)),
            ("orientationGuessed", m.orientationWasGuessed ? "true" : "false"), ("range", Self.number(m.range)),
            ("sampleCount", String(m.sampleCount)), ("start", Self.number(m.start)),
        ]
        if let fileName { members.append(("file", Self.string(fileName))) }
        members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
        return "{" + members.map { Self.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Six decimals; negative zero shown as zero.
    private static func fixed(_ value: Double) -> String {
        FixedDecimalText.text(value == 0 ? 0 : value, decimals: 6)
    }

    /// A JSON number in shortest round-trip form (a whole number without ".0"), or null when not finite.
    private static func number(_ value: Double) -> String {
        JSONWriter.encoderNumberText(value) ?? "null"
    }

    /// A JSON string literal.
    private static func string(_ text: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(text, into: &out)
        return out
    }
}
