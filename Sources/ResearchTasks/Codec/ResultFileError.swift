package import RegimenFoundation

/// Why a result file cannot be read. Each case names the place in the document (`path`, e.g.
/// `results[0].results[1]`; empty for the top level) and the problem; descriptions never quote answer values.
package enum ResultFileError: Error, Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The bytes are not valid JSON.
    case invalidJSON(JSONSyntaxError)
    /// The object at `path` lacks the required `key`.
    case missingKey(path: String, key: String)
    /// The value at `path` is of the wrong JSON kind.
    case wrongType(path: String, expected: JSONKind, found: JSONKind)
    /// The object at `path` has a `_class` not allowed there.
    case wrongClass(path: String, expected: String, found: String)
    /// The string at `path` is not a date; `text` is kept for `--debug` only.
    case badDate(path: String, text: String)
    /// The string at `path` is not a UUID; `text` is kept for `--debug` only.
    case badUUID(path: String, text: String)
    /// The string at `path` is not a time of day `HH:mm`; `text` is kept for `--debug` only.
    case badTimeOfDay(path: String, text: String)

    /// The place in the document the error refers to.
    package var path: String {
        switch self {
        case .invalidJSON: ""
        case .missingKey(let path, _), .wrongType(let path, _, _), .wrongClass(let path, _, _),
            .badDate(let path, _), .badUUID(let path, _), .badTimeOfDay(let path, _):
            path
        }
    }

    /// "`path`: problem", safe to show without `--debug` (no answer values).
    package var description: String {
        switch self {
        case .invalidJSON(let syntax):
            return "not valid JSON: \(syntax)"
        case .missingKey(let path, let key):
            return "\(Self.place(path)): missing key \"\(key)\""
        case .wrongType(let path, let expected, let found):
            return "\(Self.place(path)): expected \(expected.phrase), found \(found.phrase)"
        case .wrongClass(let path, let expected, let found):
            return "\(Self.place(path)): expected _class \(expected), found \(DisplayText.safe(found))"
        case .badDate(let path, _):
            return "\(Self.place(path)): not a date (expected yyyy-MM-dd'T'HH:mm:ssZ or ISO 8601)"
        case .badUUID(let path, _):
            return "\(Self.place(path)): not a UUID"
        case .badTimeOfDay(let path, _):
            return "\(Self.place(path)): not a time of day (expected HH:mm)"
        }
    }

    /// The description plus the offending text, for `--debug` only (it may contain an answer).
    package var debugDescription: String {
        switch self {
        case .badDate(_, let text), .badUUID(_, let text), .badTimeOfDay(_, let text):
            "\(description): \"\(DisplayText.safe(text))\""
        default:
            description
        }
    }

    private static func place(_ path: String) -> String {
        path.isEmpty ? "top level" : path
    }
}
