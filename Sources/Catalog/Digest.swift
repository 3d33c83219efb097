import Crypto
import Foundation
import RegimenFoundation

/// SHA-256 digests of survey files.
enum Digest {
    /// Lowercase hex SHA-256 of the bytes.
    static func sha256Hex(_ data: Data) -> String {
        HexText.lowercase(SHA256.hash(data: data))
    }
}
