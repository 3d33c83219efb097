import Crypto
import Foundation

/// SHA-256 digests of survey files.
enum Digest {
    /// Lowercase hex SHA-256 of the bytes.
    static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
