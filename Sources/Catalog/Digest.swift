import Crypto
import Foundation

/// SHA-256 digests of survey files.
enum Digest {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Lowercase hex SHA-256 of the bytes.
    static func sha256Hex(_ data: Data) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
