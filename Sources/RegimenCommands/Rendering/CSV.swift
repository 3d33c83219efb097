/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break; CRLF-free (\n) lines.
package enum CSV {
    /// The header and rows as CSV text.
    package static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n")
    }

    /// One field, quoted when it must be.
    package static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
