import Crypto
package import Foundation
import RegimenFoundation

/// A device's bearer token for the study service (docs/study-service.md, "Tokens"): 256 bits from the system's
/// generator, written as `rgm_` and 64 lower-case hex digits. The database keeps only its SHA-256 digest; the text is
/// shown once, to the device that enrolled.
package struct DeviceToken: Sendable, Hashable {
    /// The token's text, as the device sends it in `Authorization: Bearer …`.
    package let text: String

    /// The prefix every token starts with (so that a leaked token is recognizable in a scan).
    static let prefix = "rgm_"

    /// A new random token.
    package static func random() -> DeviceToken {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        return DeviceToken(uncheckedText: prefix + HexText.lowercase(bytes))
    }

    private init(uncheckedText text: String) {
        self.text = text
    }

    /// The token in `text` as a request carried it; nil when it cannot be one (no such token is then looked up).
    package init?(presented text: String) {
        guard text.utf8.count == Self.prefix.utf8.count + 64, text.hasPrefix(Self.prefix),
            text.utf8.dropFirst(Self.prefix.utf8.count).allSatisfy({
                (0x30...0x39).contains($0) || (0x61...0x66).contains($0)
            })
        else { return nil }
        self.text = text
    }

    /// The SHA-256 digest of the text: what the database stores.
    package var digest: Data {
        Data(SHA256.hash(data: Data(text.utf8)))
    }
}
