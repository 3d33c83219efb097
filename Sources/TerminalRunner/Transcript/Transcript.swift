package import Foundation
package import RegimenFoundation
package import SystemPackage

/// A recorded run: the header and every line typed, stored as JSON Lines (`--record FILE`). This type writes the
/// JSON Lines (`jsonLines`, `jsonLine`, `write(to:)`) and reads them (`decode(header:lines:file:)`,
/// Transcript+Decode.swift); `RecordedInput` tells a transcript file from plain text by its first line.
package struct Transcript: Sendable, Hashable {
    /// The header line.
    package var header: TranscriptHeader
    /// The typed lines, in order.
    package var entries: [TranscriptEntry]

    /// Creates a transcript.
    package init(header: TranscriptHeader, entries: [TranscriptEntry] = []) {
        self.header = header
        self.entries = entries
    }

    /// Whether any line is something other than a call for help: what makes a run worth keeping when it is
    /// interrupted or stopped (docs/finish-later.md).
    package var holdsMoreThanHelp: Bool {
        entries.contains { RunnerCommand(line: $0.text) != .help }
    }

    /// The JSON Lines text: the header (with `extraHeaderFields`, string values, after the standard ones; readers
    /// ignore fields they do not know), then one object per entry, each line ending in "\n".
    package func jsonLines(extraHeaderFields: [(key: String, value: String)] = []) -> String {
        var lines = [
            "{"
                + ([
                    Self.field("format", Self.json(TranscriptHeader.formatName)),
                    Self.field("version", String(header.version)),
                    Self.field("task", Self.json(header.taskIdentifier)),
                    Self.field("surveyDigest", Self.json(header.surveyDigest)),
                    Self.field("startDate", Self.json(TranscriptDate.string(from: header.startDate))),
                    Self.field("taskRunUUID", Self.json(header.taskRunUUID.uuidString)),
                ] + extraHeaderFields.map { Self.field($0.key, Self.json($0.value)) }).joined(separator: ",") + "}"
        ]
        lines += entries.map(Self.jsonLine)
        return lines.map { $0 + "\n" }.joined()
    }

    /// One entry's line of the JSON Lines text, without its "\n".
    package static func jsonLine(_ entry: TranscriptEntry) -> String {
        "{"
            + [
                field("step", json(entry.stepIdentifier)),
                field("item", entry.itemIdentifier.map(json) ?? "null"),
                field("text", json(entry.text)),
                field("t", number(entry.secondsSinceStart)),
            ].joined(separator: ",") + "}"
    }

    /// Writes the JSON Lines (header extras as in `jsonLines`) to `path`, readable by the owner only (mode 0600),
    /// replacing any file there.
    package func write(to path: FilePath, extraHeaderFields: [(key: String, value: String)] = []) throws(FileError) {
        try PrivateFiles.writeAtomically(path, bytes: Array(jsonLines(extraHeaderFields: extraHeaderFields).utf8))
    }

    private static func field(_ key: String, _ value: String) -> String { "\"\(key)\":\(value)" }

    /// A JSON string literal, escaped as JSON requires ("/" left as it is).
    private static func json(_ text: String) -> String {
        var out = ""
        JSONWriter.appendQuoted(text, into: &out)
        return out
    }

    /// A JSON number as `JSONEncoder` wrote it before (a whole number without ".0"); non-finite values (never
    /// produced by a clock) become 0.
    private static func number(_ value: Double) -> String {
        JSONWriter.encoderNumberText(value) ?? "0"
    }
}
