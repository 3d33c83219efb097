package import Foundation
package import RegimenFoundation

/// Reads and writes result trees in ResearchKit's serializer JSON (`ORKESerializer`, docs/researchkit-results.md).
package enum ResultFileCodec {
    /// The result file bytes: `_class` names, sorted keys, no nulls, dates `yyyy-MM-dd'T'HH:mm:ssZ` in `timeZone`,
    /// 2-space pretty printing and a trailing newline. The same tree always gives the same bytes.
    /// Doubles that are NaN or infinite have no JSON form and are omitted. A tree read from a file is written as the
    /// file held it wherever its values are unchanged (each date's own offset, unknown keys and classes, nulls), so it
    /// equals the file as JSON (docs/researchkit-results.md, "Writing back without loss").
    package static func encode(_ result: TaskResult, timeZone: TimeZone) -> Data {
        Data(encodedText(result, timeZone: timeZone).utf8)
    }

    /// The result file as text (what `encode` returns as UTF-8).
    package static func encodedText(_ result: TaskResult, timeZone: TimeZone) -> String {
        JSONWriter.prettyText(ResultTreeEncoder(timeZone: timeZone).json(for: result))
    }

    /// Reads a result file written by Regimen or by a ResearchKit app of any version, as ResearchKit reads it
    /// (docs/researchkit-results.md); each node keeps its JSON object in `source`.
    package static func decode(_ data: Data) throws(ResultFileError) -> TaskResult {
        try decode(bytes: Array(data))
    }

    /// Reads a result file's bytes (as `FileBytes.read` gives them), without copying them into `Data` first.
    package static func decode(bytes: [UInt8]) throws(ResultFileError) -> TaskResult {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes: bytes)
        } catch {
            throw .invalidJSON(error)
        }
        return try ResultTreeDecoder().taskResult(from: document)
    }

    /// A result file's values, for a reader that writes no result back (`regimen ingest`): a file of the common shape
    /// read straight from its tokens (`ResultStreamReader`, no sources kept), any other through the tree, so that every
    /// form is read and every problem named as `decode(bytes:)` names it; with the end date's text as written.
    /// `identifiers` carries the long identifiers read before, from file to file.
    package static func decodeValues(
        bytes: [UInt8], identifiers: inout JSONRecentStrings
    ) throws(ResultFileError) -> (result: TaskResult, endDateText: String?) {
        if let read = ResultStreamReader.read(bytes, identifiers: &identifiers) {
            return (read.result, read.endDateText)
        }
        let result = try decode(bytes: bytes)
        return (result, result.writtenEndDate)
    }
}
