import Foundation
import RegimenFoundation

/// The choices of a choice-like format (text choice, text scale, value picker) and how typed words pick them.
struct ChoiceList {
    /// The choices in display order.
    let choices: [TextChoice]

    /// What one typed piece picks.
    enum Pick: Equatable {
        /// The choice at `index`; `freeText` is what followed "N:" for an "other" choice.
        case choice(index: Int, freeText: String?)
        /// A choice was named, but it takes no text after ":".
        case textNotAllowed(index: Int)
        /// Nothing matches.
        case none
    }

    /// The index of the choice a piece names: its 1-based number first, then its text (case-insensitive),
    /// then its value (strings case-insensitive, numbers by value).
    func index(naming piece: String) -> Int? {
        if let number = DigitText.value(piece), number >= 1, number <= choices.count {
            return number - 1
        }
        if let index = choices.firstIndex(where: { $0.text.caseInsensitiveCompare(piece) == .orderedSame }) {
            return index
        }
        return choices.firstIndex { choice in
            switch choice.value {
            case .string(let value): value.caseInsensitiveCompare(piece) == .orderedSame
            case .integer(let value): DecimalText(typed: piece)?.integerValue == value
            case .double(let value): DecimalText(typed: piece).map { $0.doubleValue == value } ?? false
            case .boolean(let value): piece.caseInsensitiveCompare(value ? "true" : "false") == .orderedSame
            }
        }
    }

    /// What a piece picks: a whole choice name, or "name: free text" for an "other" choice (docs/answer-formats.md,
    /// "Choices").
    func pick(_ piece: String) -> Pick {
        if let index = index(naming: piece) { return .choice(index: index, freeText: nil) }
        guard let colon = piece.firstIndex(of: ":") else { return .none }
        let head = piece[..<colon].trimmingCharacters(in: .whitespaces)
        let tail = piece[piece.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard let index = index(naming: head) else { return .none }
        guard choices[index].other != nil else { return .textNotAllowed(index: index) }
        return .choice(index: index, freeText: tail)
    }

    /// "1–4" (or "1" for a single choice).
    var numberRange: String { choices.count == 1 ? "1" : "1–\(choices.count)" }

    /// The first "other" choice's number, if any.
    var otherNumber: Int? { choices.firstIndex { $0.other != nil }.map { $0 + 1 } }
}
