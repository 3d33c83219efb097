import Foundation
import ParticipantWords

/// A yes or a no typed at a consent or a yes/no confirmation: `Word.yesWords` and `Word.noWords` of every shipped
/// language, in any case ("yes", "Y", "はい", "是"), so a transcript recorded in one language replays the same under
/// another (docs/languages.md, "Command words").
enum YesOrNo: Sendable, Hashable {
    case yes, no

    /// The answer `line` gives, nil when it is neither.
    init?(_ line: String) {
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if Self.yesWords.contains(word) {
            self = .yes
        } else if Self.noWords.contains(word) {
            self = .no
        } else {
            return nil
        }
    }

    private static let yesWords = Set(Words.english.everyLanguage(.yesWords))
    private static let noWords = Set(Words.english.everyLanguage(.noWords))
}
