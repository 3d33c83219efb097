package import Foundation

/// The one JSON coding of the study's documents — sync and enrollment bundles, and the service's request and response
/// bodies (docs/study-service.md): keys sorted, dates as CareKit's Codable writes them (seconds since 2001-01-01 UTC,
/// so they come back to the last bit), and a document that does not read named by its JSON path.
package enum APIJSON {
    /// The coders, made once: Foundation's are safe to share between threads, and the service encodes and decodes
    /// thousands of small bodies a second.
    private static let compactEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private static let prettyEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }()
    private static let decoder = JSONDecoder()

    /// `value` as JSON; `pretty` indents it (files people may open), else it is compact (the service's bodies).
    package static func encode(_ value: some Encodable, pretty: Bool = false) throws(JSONPlaceError) -> Data {
        do {
            return try (pretty ? prettyEncoder : compactEncoder).encode(value)
        } catch {
            throw JSONPlaceError(place: "the document", problem: "cannot be written: \(error)")
        }
    }

    /// A `T` in `bytes`; what is wrong is named by its JSON path (`changes[0].localSeq: expected a number`).
    package static func decode<T: Decodable>(_ type: T.Type = T.self, from bytes: Data) throws(JSONPlaceError) -> T {
        do {
            return try decoder.decode(T.self, from: bytes)
        } catch let error as DecodingError {
            throw JSONPlaceError(place: place(of: error), problem: problem(of: error))
        } catch {
            throw JSONPlaceError(place: "the file", problem: "is not JSON")
        }
    }

    private static func place(of error: DecodingError) -> String {
        let path: [any CodingKey] =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                context.codingPath
            case .keyNotFound(let key, let context): context.codingPath + [key]
            @unknown default: []
            }
        guard !path.isEmpty else { return "the file" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            .trimmingPrefix(".").description
    }

    private static func problem(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, _): "expected \(type == String.self ? "text" : "a value of another type")"
        case .valueNotFound: "missing value"
        case .keyNotFound: "missing"
        case .dataCorrupted(let context): context.codingPath.isEmpty ? "is not JSON" : "unreadable value"
        @unknown default: "unreadable"
        }
    }
}
