import Foundation
import RegimenFoundation

/// The numeric date forms of a locale, read from its CLDR date patterns (docs/languages.md, "What is read"): the
/// short pattern of the skeleton `yMd` (ja, zh-Hans: `y/M/d`) and the medium one of `yMMMd` when its month is a
/// number (ja, zh-Hans: `y年M月d日`). A pattern with a month name (en: `MMM d, y`) or any field but year, month and
/// day gives no form; so does a year of fewer than four digits, since a two-digit year is a guess.
struct LocaleDateOrder: Sendable {
    /// One piece of a pattern: a field or the literal text between fields.
    enum Piece: Hashable, Sendable {
        case year, month, day
        case literal(String)
    }

    /// A date as typed, its fields not yet checked against the calendar.
    struct Reading: Hashable, Sendable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// The forms, each a sequence of pieces, in the order they are tried.
    let forms: [[Piece]]
    /// The locale's `yMMMd` pattern when its month is a number (ja, zh-Hans: `y年M月d日`), how a day is shown; nil
    /// shows ISO 8601 (en: `MMM d, y` names the month, which is not read back).
    let shownPattern: String?
    private let locale: Locale

    /// The forms of `locale`'s patterns, as Foundation's `DateFormatter` gives them for that locale.
    init(locale: Locale) {
        var forms: [[Piece]] = []
        var shownPattern: String?
        for skeleton in ["yMd", "yMMMd"] {
            guard let pattern = DateFormatter.dateFormat(fromTemplate: skeleton, options: 0, locale: locale),
                let form = Self.pieces(pattern)
            else { continue }
            if skeleton == "yMMMd" { shownPattern = pattern }
            if !forms.contains(form) { forms.append(form) }
        }
        self.forms = forms
        self.shownPattern = shownPattern
        self.locale = locale
    }

    /// The day of `date` in `timeZone` as the locale writes it (`2026年11月29日`); nil when it has no numeric
    /// `yMMMd` pattern. The Gregorian calendar, as ISO 8601's.
    func shown(_ date: Date, timeZone: TimeZone) -> String? {
        guard let shownPattern else { return nil }
        let formatter = DateFormatter()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.locale = locale
        formatter.dateFormat = shownPattern
        return formatter.string(from: date)
    }

    /// The pieces of a CLDR date pattern (`y/M/d`, `y年M月d日`, `d.M.y`), nil when it holds anything but a numeric
    /// year, month and day, each once, and literal text.
    static func pieces(_ pattern: String) -> [Piece]? {
        var pieces: [Piece] = []
        var literal = ""
        var characters = Array(pattern)[...]
        var seen: Set<Character> = []
        while let first = characters.first {
            if first == "'" {
                // A quoted literal; '' is a quote.
                characters = characters.dropFirst()
                guard let close = characters.firstIndex(of: "'") else { return nil }
                literal += close == characters.startIndex ? "'" : String(characters[..<close])
                characters = characters[(close + 1)...]
                continue
            }
            guard first.isLetter, first.isASCII else {
                literal.append(first)
                characters = characters.dropFirst()
                continue
            }
            let run = characters.prefix { $0 == first }
            characters = characters.dropFirst(run.count)
            guard !seen.contains(first) else { return nil }
            seen.insert(first)
            let field: Piece
            switch (first, run.count) {
            case ("y", _): field = .year
            case ("M", 1...2), ("L", 1...2): field = .month
            case ("d", 1...2): field = .day
            default: return nil
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(field)
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        let fields = pieces.filter { if case .literal = $0 { false } else { true } }
        guard fields.count == 3 else { return nil }
        return pieces
    }

    /// The date `text` writes in one of the forms: ASCII digits (fold fullwidth ones first, `WidthFolding`), a
    /// year of four digits, month and day of one or two, the literals as the pattern has them with spaces allowed
    /// around them. Nil when no form matches; the fields are not checked against the calendar.
    func read(_ text: String) -> Reading? {
        for form in forms {
            if let reading = Self.read(text, form: form) { return reading }
        }
        return nil
    }

    private static func read(_ text: String, form: [Piece]) -> Reading? {
        var rest = Substring(text)
        var year: Int?
        var month: Int?
        var day: Int?
        for piece in form {
            switch piece {
            case .literal(let literal):
                let wanted = literal.trimmingCharacters(in: .whitespaces)
                rest = rest.drop { $0 == " " }
                guard rest.hasPrefix(wanted) else { return nil }
                rest = rest.dropFirst(wanted.count).drop { $0 == " " }
            case .year, .month, .day:
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                let range = piece == .year ? 4...4 : 1...2
                guard range.contains(digits.count), let value = DigitText.value(digits) else { return nil }
                rest = rest.dropFirst(digits.count)
                switch piece {
                case .year: year = value
                case .month: month = value
                default: day = value
                }
            }
        }
        guard rest.isEmpty, let year, let month, let day else { return nil }
        return Reading(year: year, month: month, day: day)
    }
}
