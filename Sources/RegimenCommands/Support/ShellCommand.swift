import Foundation

/// A command line a participant can paste into a POSIX shell (used in messages that say what to run next).
enum ShellCommand {
    /// The words joined with spaces, each single-quoted when it holds anything but safe characters.
    static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    private static func quoted(_ word: String) -> String {
        let safe =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "/._-+=:@,%".unicodeScalars.contains(scalar))
            }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
