import Crypto
package import Foundation
package import RegimenFoundation

/// The task run UUID of a result file that records none (real watchOS exports lack `taskRunUUID`): a name-based
/// UUID (RFC 9562 version 8, SHA-256) of the document's canonical text, so the same result read again, however it
/// is indented or its keys ordered, gets the same identifier and re-ingesting it changes nothing
/// (docs/researchkit-results.md, "Missing taskRunUUID: a content-derived identifier").
package enum ContentRunIdentifier {
    /// The namespace hashed before the name, so these UUIDs never equal other name-based UUIDs of the same text.
    static let namespace = UUID(uuidString: "6E1C0A52-3B9D-4C57-9F0E-2A7D5B1C8E43")!

    /// The identifier of `document`: its canonical text is `JSONWriter.prettyText` (keys sorted by UTF-8 bytes,
    /// numbers in one form), whose UTF-8 bytes follow the namespace's 16 bytes into SHA-256; the first 16 bytes of
    /// the digest, with version 8 and the RFC variant set, are the UUID.
    package static func uuid(for document: JSONValue) -> UUID {
        var hash = SHA256()
        withUnsafeBytes(of: namespace.uuid) { hash.update(bufferPointer: $0) }
        hash.update(data: Data(JSONWriter.prettyText(document).utf8))
        var bytes = Array(hash.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
