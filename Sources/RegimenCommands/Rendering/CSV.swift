import Foundation

/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break; CRLF-free (\n) lines.
package enum CSV {
    /// The header and rows as CSV text.
    package static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n")
    }

    /// One field, quoted when it must be: when it holds a comma, a double quote, a line feed or a carriage return
    /// (RFC 4180 §2), each double quote then doubled.
    package static func field(_ text: String) -> String {
        guard needsQuotes(text) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Appends `field(text)`'s bytes to `bytes`.
    package static func appendField(_ text: String, to bytes: inout [UInt8]) {
        guard needsQuotes(text) else { return bytes.append(contentsOf: text.utf8) }
        bytes.append(0x22)
        for byte in text.utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    /// Whether `text` holds a byte that must be quoted. Bytes, not characters: `\r\n` is one Character that equals
    /// neither `\r` nor `\n`.
    private static func needsQuotes(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    }
}
