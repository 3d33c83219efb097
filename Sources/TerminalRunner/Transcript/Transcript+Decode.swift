import Foundation
import RegimenFoundation
import ResearchTasks

/// Reading the JSON Lines `jsonLines` writes; reasons name fields, never values (they may be answers).
extension Transcript {
    /// A decoded JSON object.
    typealias Object = JSONObject

    /// The line as a JSON object when it looks like a transcript header (has a "format" field).
    static func headerObject(_ line: String) -> Object? {
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("{"),
            case .object(let object)? = try? JSONParser.parse(Data(line.utf8)),
            object["format"] != nil
        else { return nil }
        return object
    }

    /// The whole transcript: header (`object`, the first of `lines` as `headerObject` read it) then entries (blank
    /// lines are ignored); `file` names the source in errors.
    static func decode(header object: Object, lines: [String], file: String) throws(TranscriptError) -> Transcript {
        guard case .string(let format)? = object["format"], format == TranscriptHeader.formatName else {
            let found: String = if case .string(let text)? = object["format"] { text } else { "(not a string)" }
            throw .unsupportedFormat(file: file, format: found)
        }
        guard case .integer(let version)? = object["version"] else {
            throw .malformedLine(file: file, line: 1, reason: "field \"version\" is missing or not a whole number")
        }
        guard version == TranscriptHeader.currentVersion else {
            throw .unsupportedVersion(file: file, version: version)
        }
        let task = try string(object, "task", file: file, line: 1)
        let digest = try string(object, "surveyDigest", file: file, line: 1)
        guard let start = TranscriptDate.date(from: try string(object, "startDate", file: file, line: 1)) else {
            throw .malformedLine(file: file, line: 1, reason: "field \"startDate\" is not an ISO 8601 date")
        }
        guard let uuid = UUID(uuidString: try string(object, "taskRunUUID", file: file, line: 1)) else {
            throw .malformedLine(file: file, line: 1, reason: "field \"taskRunUUID\" is not a UUID")
        }
        let header = TranscriptHeader(
            taskIdentifier: task, surveyDigest: digest, startDate: start, taskRunUUID: uuid, version: version)
        var entries: [TranscriptEntry] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            entries.append(try entry(line, file: file, line: index + 1))
        }
        return Transcript(header: header, entries: entries)
    }

    private static func entry(_ text: String, file: String, line: Int) throws(TranscriptError) -> TranscriptEntry {
        guard case .object(let object)? = try? JSONParser.parse(Data(text.utf8)) else {
            throw .malformedLine(file: file, line: line, reason: "not a JSON object")
        }
        let step = try string(object, "step", file: file, line: line)
        let item: String?
        switch object["item"] {
        case nil, .null?: item = nil
        case .string(let value)?: item = value
        default: throw .malformedLine(file: file, line: line, reason: "field \"item\" is neither a string nor null")
        }
        let typed = try string(object, "text", file: file, line: line)
        let seconds: Double? =
            switch object["t"] {
            case .integer(let value)?: Double(value)
            case .double(let value)?: value
            default: nil
            }
        guard let seconds, seconds.isFinite, seconds >= 0 else {
            throw .malformedLine(
                file: file, line: line, reason: "field \"t\" is missing or not a number of seconds ≥ 0")
        }
        return TranscriptEntry(
            stepIdentifier: step, itemIdentifier: item, text: typed, secondsSinceStart: seconds, lineNumber: line)
    }

    private static func string(_ object: Object, _ key: String, file: String, line: Int) throws(TranscriptError)
        -> String
    {
        guard case .string(let value)? = object[key] else {
            throw .malformedLine(file: file, line: line, reason: "field \"\(key)\" is missing or not a string")
        }
        return value
    }
}
