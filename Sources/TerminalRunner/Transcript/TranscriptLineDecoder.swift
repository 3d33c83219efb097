import Foundation

/// Decodes transcript lines; reasons name fields, never values (they may be answers).
enum TranscriptLineDecoder {
    /// The line as a JSON object when it looks like a transcript header (has a "format" field).
    static func headerObject(_ line: String) -> [String: Any]? {
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("{"),
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["format"] != nil
        else { return nil }
        return object
    }

    /// The whole transcript: header then entries (blank lines are ignored).
    static func transcript(header object: [String: Any], lines: [String], file: String) throws(TranscriptError) -> Transcript {
        guard let format = object["format"] as? String, format == TranscriptHeader.formatName else {
            throw .unsupportedFormat(file: file, format: (object["format"] as? String) ?? "(not a string)")
        }
        guard let version = object["version"] as? Int else {
            throw .malformedLine(file: file, line: 1, reason: "field \"version\" is missing or not a whole number")
        }
        guard version == TranscriptHeader.currentVersion else { throw .unsupportedVersion(file: file, version: version) }
        let task = try string(object, "task", file: file, line: 1)
        let digest = try string(object, "surveyDigest", file: file, line: 1)
        guard let start = TranscriptDate.date(from: try string(object, "startDate", file: file, line: 1)) else {
            throw .malformedLine(file: file, line: 1, reason: "field \"startDate\" is not an ISO 8601 date")
        }
        guard let uuid = UUID(uuidString: try string(object, "taskRunUUID", file: file, line: 1)) else {
            throw .malformedLine(file: file, line: 1, reason: "field \"taskRunUUID\" is not a UUID")
        }
        let header = TranscriptHeader(taskIdentifier: task, surveyDigest: digest, startDate: start, taskRunUUID: uuid, version: version)
        var entries: [TranscriptEntry] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            entries.append(try entry(line, file: file, line: index + 1))
        }
        return Transcript(header: header, entries: entries)
    }

    private static func entry(_ text: String, file: String, line: Int) throws(TranscriptError) -> TranscriptEntry {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw .malformedLine(file: file, line: line, reason: "not a JSON object")
        }
        let step = try string(object, "step", file: file, line: line)
        let item: String?
        switch object["item"] {
        case nil, is NSNull: item = nil
        case let value as String: item = value
        default: throw .malformedLine(file: file, line: line, reason: "field \"item\" is neither a string nor null")
        }
        let typed = try string(object, "text", file: file, line: line)
        guard let number = object["t"] as? NSNumber, !(object["t"] is Bool), number.doubleValue.isFinite, number.doubleValue >= 0 else {
            throw .malformedLine(file: file, line: line, reason: "field \"t\" is missing or not a number of seconds ≥ 0")
        }
        return TranscriptEntry(stepIdentifier: step, itemIdentifier: item, text: typed, secondsSinceStart: number.doubleValue, lineNumber: line)
    }

    private static func string(_ object: [String: Any], _ key: String, file: String, line: Int) throws(TranscriptError) -> String {
        guard let value = object[key] as? String else {
            throw .malformedLine(file: file, line: line, reason: "field \"\(key)\" is missing or not a string")
        }
        return value
    }
}
