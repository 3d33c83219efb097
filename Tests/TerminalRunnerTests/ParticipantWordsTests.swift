import Foundation
import ParticipantWords
import RegimenFoundation
import Testing

/// Regimen's own words (docs/languages.md, "Regimen's own words"): every shipped language has every key with the same
/// format specifiers, and the plural forms follow each language's CLDR rules.
@Suite("Regimen's own words in every shipped language")
struct ParticipantWordsTests {
    static let languages = Words.shipped

    @Test("the resources hold exactly the shipped languages' .lproj folders")
    func shippedLanguages() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: WordsLocation.resources)
            .filter { $0.hasSuffix(".lproj") }.map { $0.lowercased() }.sorted()
        #expect(folders == Self.languages.map { $0.description.lowercased() + ".lproj" }.sorted())
    }

    @Test("every Word is in every language's Localizable.strings, no key is unknown, and the specifiers agree")
    func everyKeyEverywhere() throws {
        let keys = Set(Word.allCases.map(\.rawValue))
        let english = try strings(Words.shipped[0])
        for language in Self.languages {
            let table = try strings(language)
            let missing = keys.subtracting(table.keys).sorted()
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
            let unknown = Set(table.keys).subtracting(keys).sorted()
            #expect(unknown.isEmpty, "\(language) has keys no Word names: \(unknown)")
            for key in keys.sorted() {
                guard let text = table[key], let englishText = english[key] else { continue }
                #expect(
                    Self.specifiers(text) == Self.specifiers(englishText),
                    "\(language) \(key): \(text) against \(englishText)")
            }
        }
    }

    @Test("every CountedWord is in every language's Plurals.stringsdict, with a form for each category its rules use")
    func everyPluralEverywhere() throws {
        let english = try plurals(Words.shipped[0])
        for language in Self.languages {
            let table = try plurals(language)
            let icu = language.subtags.joined(separator: "_")
            for word in CountedWord.allCases {
                let entry = try #require(table[word.rawValue], "\(language) lacks \(word)")
                let englishEntry = try #require(english[word.rawValue])
                let used = Set((0...200).map { PluralCategory.of($0, language: icu) })
                #expect(used.isSubset(of: entry.forms.keys), "\(language) \(word): forms \(entry.forms.keys)")
                // The "other" form takes every argument; another form may leave the count out ("a week").
                let englishOther = Self.specifiers(englishEntry.format(for: "other"))
                #expect(Self.specifiers(entry.format(for: "other")) == englishOther, "\(language) \(word) other")
                for category in entry.forms.keys {
                    #expect(
                        Set(Self.specifiers(entry.format(for: category))).isSubset(of: englishOther),
                        "\(language) \(word) \(category)")
                }
            }
        }
    }

    @Test("CLDR's categories from ICU: English one for 1 only; Japanese and Chinese other for all")
    func pluralCategories() {
        let numbers = [0, 1, 2, 5, 21]
        #expect(numbers.map { PluralCategory.of($0, language: "en") } == ["other", "one", "other", "other", "other"])
        #expect(numbers.map { PluralCategory.of($0, language: "ja") } == Array(repeating: "other", count: 5))
        #expect(numbers.map { PluralCategory.of($0, language: "zh_Hans") } == Array(repeating: "other", count: 5))
        // A language with more forms, to show the rules are CLDR's and not a two-form guess.
        #expect([1, 2, 5, 21].map { PluralCategory.of($0, language: "ru") } == ["one", "few", "many", "one"])
    }

    @Test("counted texts for 0, 1, 2, 5 and 21 in English, Japanese and Simplified Chinese")
    func countedTexts() {
        let numbers = [0, 1, 2, 5, 21]
        let english = Words(for: [LanguageTag("en")!])
        #expect(
            numbers.map { english.counted(.chartsWritten, count: $0, "c.svg") } == [
                "Wrote 0 charts to c.svg.", "Wrote 1 chart to c.svg.", "Wrote 2 charts to c.svg.",
                "Wrote 5 charts to c.svg.", "Wrote 21 charts to c.svg.",
            ])
        #expect(numbers.map { english.counted(.tasksDone, count: $0, 0) }.last == "(0 of 21 done)")
        #expect(
            numbers.map { english.counted(.chartColumnWeeks, count: $0) }.map { $0.prefix(while: { $0 != "(" }) } == [
                "Each column is 0 weeks ", "Each column is a week ", "Each column is 2 weeks ",
                "Each column is 5 weeks ",
                "Each column is 21 weeks ",
            ])
        let japanese = Words(for: [LanguageTag("ja-JP")!])
        #expect(
            numbers.map { japanese.counted(.chartsWritten, count: $0, "c.svg") }
                == numbers.map { "\($0) 件のグラフを c.svg に書き出しました。" })
        #expect(japanese.counted(.tasksDone, count: 21, 2) == "（21 件中 2 件完了）")
        #expect(
            numbers.map { japanese.counted(.chartColumnWeeks, count: $0) } == numbers.map { "各列は \($0) 週間の記録値の平均です。" })
        let chinese = Words(for: [LanguageTag("zh-Hans-CN")!])
        #expect(
            numbers.map { chinese.counted(.chartsWritten, count: $0, "c.svg") }
                == numbers.map { "已将 \($0) 张图表写入 c.svg。" })
        #expect(chinese.counted(.tasksDone, count: 1, 1) == "（1 项中已完成 1 项）")
        #expect(
            numbers.map { chinese.counted(.chartColumnWeeks, count: $0) } == numbers.map { "每列为 \($0) 周内所记录数值的平均值。" })
    }

    @Test("a language Regimen does not ship shows English; a tag finds its language by lookup")
    func lookup() {
        #expect(Words(for: [LanguageTag("zh-Hant-TW")!]).language.description == "en")
        #expect(Words(for: []).language.description == "en")
        #expect(Words(for: [LanguageTag("ja-JP")!]).language.description == "ja")
        #expect(Words(for: [LanguageTag("ja-JP")!])(.noEarlierStep) == "これより前のステップはありません。")
        #expect(Words.english(.enterDescription, "a number") == "Enter a number.")
    }

    private func strings(_ language: LanguageTag) throws -> [String: String] {
        let folder = try #require(WordsLocation.languageFolder(language), "no .lproj for \(language)")
        return try #require(WordsLocation.readStrings(at: folder + "/Localizable.strings"), "\(language)")
    }

    private func plurals(_ language: LanguageTag) throws -> [String: PluralEntry] {
        let folder = try #require(WordsLocation.languageFolder(language), "no .lproj for \(language)")
        return try #require(WordsLocation.readPlurals(at: folder + "/Plurals.stringsdict"), "\(language)")
    }

    /// The format specifiers of `text` by position: "%1$@ %2$lld" and "%@ %lld" both give ["1@", "2lld"].
    static func specifiers(_ text: String) -> [String] {
        let pattern = /%(?:(\d+)\$)?(lld|ld|d|@|%)/
        var next = 1
        var found: [String] = []
        for match in text.matches(of: pattern) where match.2 != "%" {
            let position = match.1.map { Int($0)! } ?? next
            next = position + 1
            found.append("\(position)\(match.2)")
        }
        return found.sorted()
    }
}
