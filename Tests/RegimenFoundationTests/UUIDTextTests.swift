import Foundation
import Testing

@testable import RegimenFoundation

/// `UUID.text` formats without Foundation's `snprintf`; it must give exactly `uuidString`.
@Suite("UUID text: the same as uuidString")
struct UUIDTextTests {
    @Test("every hex digit in every position, and random identifiers, read as uuidString writes them")
    func sameAsUUIDString() {
        var identifiers: [UUID] = (0..<16).map { nibble in
            let byte = UInt8(nibble << 4 | (15 - nibble))
            return UUID(
                uuid: (byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte, byte))
        }
        identifiers += (0..<500).map { _ in UUID() }
        for identifier in identifiers {
            #expect(identifier.text == identifier.uuidString)
        }
        #expect(
            UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")?.text == "3F2504E0-4F89-41D3-9A0C-0305E82C3301")
    }
}
