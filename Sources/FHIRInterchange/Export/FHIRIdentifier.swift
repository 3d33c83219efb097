/// FHIR's `id` datatype: 1–64 letters, digits, `-` and `.`.
package enum FHIRIdentifier {
    /// Whether `text` is a valid FHIR id.
    package static func isValid(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x2E
            }
    }
}
