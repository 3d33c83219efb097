import Foundation
import RegimenFoundation
import Testing

@Suite("JSON round trip")
struct JSONRoundTripTests {
    @Test("writing a parsed document and parsing it again gives the same value, integers and doubles kept apart")
    func roundTrip() throws {
        let text = #"{"a": [1, 1.0, true, null, "x\u00e9"], "b": {"c": -2.5e3}}"#
        let value = try JSONParser.parse(bytes: Array(text.utf8))
        let again = try JSONParser.parse(bytes: Array(JSONWriter.prettyText(value).utf8))
        #expect(again == value)
        guard case .object(let members) = value, case .array(let items)? = members["a"] else {
            Issue.record("expected an object with an array")
            return
        }
        #expect(items[0] == .integer(1))
        #expect(items[1] == .double(1.0))
    }
}
