import Foundation
package import RegimenFoundation
import Synchronization

/// Regimen's own words in one language (docs/languages.md, "Regimen's own words"): the texts of `Word` and
/// `CountedWord` from the language's `Localizable.strings` and `Plurals.stringsdict`, read the first time one is
/// shown, so a command shows nothing it does not pay for. A key a language lacks shows the English text.
package struct Words: Sendable {
    /// The languages Regimen's words are written in, the first the default.
    package static let shipped: [LanguageTag] = ["en", "ja", "zh-Hans"].map { LanguageTag($0)! }

    /// The English words.
    package static let english = Words(language: shipped[0])

    /// The language shown.
    package let language: LanguageTag

    private init(language: LanguageTag) {
        self.language = language
    }

    /// The language's tables, read on the first text shown.
    private var table: WordTable { WordTable.shared(for: language) }

    /// The words for the first of `requested` that finds a shipped language by RFC 4647 lookup; English when none
    /// does (docs/languages.md, "The participant's language").
    package init(for requested: [LanguageTag]) {
        self.init(language: LanguageTag.lookup(requested, in: Words.shipped) ?? Words.shipped[0])
    }

    /// The text of `word` with `arguments` put in its specifiers.
    package func callAsFunction(_ word: Word, _ arguments: any CVarArg...) -> String {
        let format = table.strings[word.rawValue] ?? Words.english.table.strings[word.rawValue] ?? word.rawValue
        return arguments.isEmpty ? format : String(format: format, locale: locale, arguments: arguments)
    }

    /// The text of `word` in the plural form `count` takes in this language, `count` its first argument and
    /// `arguments` the rest.
    package func counted(_ word: CountedWord, count: Int, _ arguments: any CVarArg...) -> String {
        let entry = table.plurals[word.rawValue] ?? Words.english.table.plurals[word.rawValue]
        guard let entry else { return word.rawValue }
        let format = entry.format(for: PluralCategory.of(count, language: table.icuLocale))
        return String(format: format, locale: locale, arguments: [count as any CVarArg] + arguments)
    }

    /// The comma-separated words of a list (`Word.backWords`), lowercased.
    package func list(_ word: Word) -> [String] {
        self(word).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// The words of a list in this language, then in every other shipped language (English first), without repeats:
    /// what a prompt accepts, so a transcript recorded in one language replays the same under another.
    package func everyLanguage(_ word: Word) -> [String] {
        var seen = Set<String>()
        let languages = [self] + Words.shipped.map { Words(language: $0) }
        return languages.flatMap { $0.list(word) }.filter { seen.insert($0).inserted }
    }

    /// Whether `%lld` numbers are grouped as the language writes them ("2,026" in English) or written plainly.
    private var groupsNumbers = true

    /// These words with every number written plainly ("2026", "1000"): for texts that show numbers as something
    /// else shows them, such as an answer format's bounds and a year.
    package var withPlainNumbers: Words {
        var plain = self
        plain.groupsNumbers = false
        return plain
    }

    private var locale: Locale? { groupsNumbers ? Locale(identifier: language.description) : nil }
}

/// One language's tables, read once per process on first use.
private final class WordTable: Sendable {
    let strings: [String: String]
    let plurals: [String: PluralEntry]
    let icuLocale: String

    private static let tables = Mutex<[LanguageTag: WordTable]>([:])

    static func shared(for language: LanguageTag) -> WordTable {
        tables.withLock { tables in
            if let table = tables[language] { return table }
            let table = WordTable(language: language)
            tables[language] = table
            return table
        }
    }

    private init(language: LanguageTag) {
        icuLocale = language.subtags.joined(separator: "_")
        let folder = WordsLocation.languageFolder(language)
        strings = (folder.flatMap { WordsLocation.readStrings(at: $0 + "/Localizable.strings") }) ?? [:]
        plurals = (folder.flatMap { WordsLocation.readPlurals(at: $0 + "/Plurals.stringsdict") }) ?? [:]
    }
}
