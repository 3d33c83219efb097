import Crypto
import Foundation
import RegimenFoundation

/// A one-time enrollment code (docs/study-sync.md, "Enrollment"): 20 characters of Crockford's base 32 (100 random
/// bits) written in groups of five, `7K2QX-9M4TD-…`. Read back case-insensitively, with or without dashes and spaces,
/// O as 0 and I or L as 1. The database keeps only its SHA-256 digest.
package struct EnrollmentCode: Sendable, Hashable, CustomStringConvertible {
    /// The 20 characters, without dashes.
    package let characters: String

    /// Crockford's alphabet: digits and letters without I, L, O and U.
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// How many characters a code has.
    static let length = 20

    /// A new random code.
    package static func random() -> EnrollmentCode {
        var generator = SystemRandomNumberGenerator()
        return EnrollmentCode(characters: String((0..<length).map { _ in alphabet[Int(generator.next() % 32)] }))
    }

    private init(characters: String) {
        self.characters = characters
    }

    /// The code typed as `text`; nil when it cannot be one (wrong length or characters).
    package init?(typed text: String) {
        var characters = ""
        for character in text.uppercased() where character != "-" && !character.isWhitespace {
            let mapped: Character =
                switch character {
                case "O": "0"
                case "I", "L": "1"
                default: character
                }
            guard Self.alphabet.contains(mapped) else { return nil }
            characters.append(mapped)
        }
        guard characters.count == Self.length else { return nil }
        self.characters = characters
    }

    /// Groups of five joined by dashes.
    package var description: String {
        stride(from: 0, to: characters.count, by: 5).map { start in
            let from = characters.index(characters.startIndex, offsetBy: start)
            return String(characters[from..<characters.index(from, offsetBy: 5)])
        }.joined(separator: "-")
    }

    /// The SHA-256 digest of the characters, in lower-case hex: what the database stores.
    var digest: String {
        HexText.lowercase(SHA256.hash(data: Data(characters.utf8)))
    }
}
