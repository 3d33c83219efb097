import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import RegimenCommands

/// `outcomes --format json|fhir` write their documents element by element; these prove the bytes are exactly those of
/// `JSONWriter.prettyText` of the whole document, whatever the number of elements and wherever the array's key sorts.
@Suite("Streamed JSON document: the same bytes as the whole document")
struct StreamedJSONDocumentTests {
    private static let elements: [JSONValue] = [
        .object(["b": .integer(1), "a": .array([.string("x"), .object([:])])]),
        .string("two\n\"quoted\""),
        .array([]),
        .double(2.5),
    ]

    private func streamed(_ write: (TableOutput) throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("json-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try TableOutput.file(FilePath(path))
        try write(output)
        try output.finish()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("A top-level array of 0, 1 and 4 elements")
    func array() throws {
        for count in [0, 1, 4] {
            let text = try streamed { output in
                let document = StreamedJSONDocument(array: output)
                for element in Self.elements.prefix(count) { try document.append(element) }
                try document.finish()
            }
            #expect(text == JSONWriter.prettyText(.array(Array(Self.elements.prefix(count)))), "\(count) elements")
        }
    }

    @Test("An object whose array key sorts first, between and last; an empty array written or left out")
    func object() throws {
        let members: JSONObject = ["m": .string("middle"), "z": .integer(26), "b": .bool(true)]
        for key in ["a", "k", "zz"] {
            for count in [0, 1, 4] {
                for omitting in [false, true] {
                    let text = try streamed { output in
                        let document = try StreamedJSONDocument(
                            object: output, members: members, arrayKey: key, omitsEmptyArray: omitting)
                        for element in Self.elements.prefix(count) { try document.append(element) }
                        try document.finish()
                    }
                    var whole = members
                    if count > 0 || !omitting { whole[key] = .array(Array(Self.elements.prefix(count))) }
                    #expect(
                        text == JSONWriter.prettyText(.object(whole)),
                        "key \(key), \(count) elements, omitting \(omitting)")
                }
            }
        }
    }

    @Test("An object holding nothing but an empty, left-out array is {}")
    func emptyObject() throws {
        let text = try streamed { output in
            try StreamedJSONDocument(object: output, members: [:], arrayKey: "entry", omitsEmptyArray: true).finish()
        }
        #expect(text == JSONWriter.prettyText(.object([:])))
    }
}
