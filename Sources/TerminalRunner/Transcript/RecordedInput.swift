package import Foundation
import RegimenFoundation
package import SystemPackage

/// A file of recorded input: a JSON Lines transcript, or plain text with one answer per line.
package enum RecordedInput: Sendable, Hashable {
    /// A transcript with header, prompts and times.
    case transcript(Transcript)
    /// Plain lines (what a pipe would give), without prompts or times.
    case plainText([String])

    /// Reads and decodes the file at `path`.
    package static func read(from path: FilePath) throws(TranscriptError) -> RecordedInput {
        try decode(try contents(of: path), file: path.string)
    }

    /// Reads a transcript file and the string values of `keys` in its header (fields this type does not know, written
    /// by `Transcript.write(to:extraHeaderFields:)`); keys missing or not strings are absent from `fields`.
    package static func read(from path: FilePath, headerFields keys: [String]) throws(TranscriptError) -> (
        input: RecordedInput, fields: [String: String]
    ) {
        try decode(try contents(of: path), file: path.string, headerFields: keys)
    }

    /// Decodes file contents as `decode(_:file:)` does, with the string values of `keys` in a transcript's header, as
    /// `read(from:headerFields:)` reads them.
    package static func decode(_ data: Data, file: String, headerFields keys: [String]) throws(TranscriptError) -> (
        input: RecordedInput, fields: [String: String]
    ) {
        let input = try decode(data, file: file)
        let firstLine = data.prefix { $0 != UInt8(ascii: "\n") }
        guard case .transcript = input, let object = Transcript.headerObject(String(decoding: firstLine, as: UTF8.self))
        else { return (input, [:]) }
        var fields: [String: String] = [:]
        for key in keys {
            if case .string(let value)? = object[key] { fields[key] = value }
        }
        return (input, fields)
    }

    /// Decodes file contents; `file` names the source in errors. A first line that is a JSON object with a "format"
    /// field makes a transcript; anything else is plain text.
    package static func decode(_ data: Data, file: String) throws(TranscriptError) -> RecordedInput {
        guard String(data: data, encoding: .utf8) != nil else {
            throw .notText(file: file)
        }
        // Split bytes, not Characters: "\r\n" is one Character and would not split at "\n".
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, let header = Transcript.headerObject(first) else {
            return .plainText(lines)
        }
        return .transcript(try Transcript.decode(header: header, lines: lines, file: file))
    }

    private static func contents(of path: FilePath) throws(TranscriptError) -> Data {
        do throws(FileError) {
            return Data(try FileBytes.read(path))
        } catch {
            throw .file(error)
        }
    }
}

extension RecordedInput {
    /// The transcript's header (task run UUID and start date to replay with), nil for plain text.
    package var header: TranscriptHeader? {
        if case .transcript(let transcript) = self { transcript.header } else { nil }
    }
}
