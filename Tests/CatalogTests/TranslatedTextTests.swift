import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// Translated texts in survey files (docs/languages.md): a text is a string or a mapping of BCP 47 tags to strings
/// holding the file's `language:`; the catalog is resolved to one language when loaded.
@Suite("Translated texts: the mapping shape, its problems, and resolution to one language")
struct TranslatedTextTests {
    static let survey = """
        id: t
        language: en
        title: { en: Check In, ja: チェックイン, zh-Hans: 每日签到 }
        steps:
          - question: q
            text: { en: How is your pain?, ja: 痛みはどうですか？ }
            detail: Plain English only.
            singleChoice:
              choices:
                - { text: { en: None, ja: なし }, value: 0 }
                - { text: { en: Some, ja: 少し }, value: 1 }
          - instruction: i
            bullets: [{ en: First, zh-Hans: 第一 }, "42"]
        """

    private func load(_ yaml: String, languages: [String]) throws -> CatalogEntry {
        let folder = try CatalogFixture.folder(["t.yaml": yaml])
        let catalog = try Catalog.load(
            directory: FilePath(folder.path), calendar: CatalogFixture.utc,
            languages: languages.map { LanguageTag($0)! })
        return catalog.entries[0]
    }

    private func question(_ entry: CatalogEntry) throws -> (text: String?, choices: [String]) {
        let step = entry.task.steps[0]
        guard case .question(let question) = step.content else { throw CocoaError(.featureUnsupported) }
        return (step.text, question.answerFormat.choices?.map(\.text) ?? [])
    }

    @Test("with no language asked, texts are in the default; plain strings stay as written")
    func defaultLanguage() throws {
        let entry = try load(Self.survey, languages: [])
        #expect(entry.title == "Check In")
        let question = try question(entry)
        #expect(question.text == "How is your pain?")
        #expect(question.choices == ["None", "Some"])
        #expect(entry.languages?.shown.description == "en")
        #expect(entry.languages?.translations.map(\.description) == ["ja", "zh-Hans"])
    }

    @Test(
        "asked for ja-JP, lookup finds ja: titles, question and choice texts in Japanese, the untranslated in English")
    func japanese() throws {
        let entry = try load(Self.survey, languages: ["ja-JP"])
        #expect(entry.title == "チェックイン")
        let question = try question(entry)
        #expect(question.text == "痛みはどうですか？")
        #expect(question.choices == ["なし", "少し"])
        #expect(entry.task.steps[0].detailText == "Plain English only.")
        #expect(entry.languages?.shown.description == "ja")
    }

    @Test("a translated unit is shown and accepted in the language shown; the result records the default's units")
    func translatedUnit() throws {
        let yaml = """
            id: t
            language: en
            title: Walk
            steps:
              - question: walked
                text: { en: Steps today?, ja: 今日の歩数は？ }
                integer: { unit: { en: steps, ja: 歩 }, max: 100000 }
              - question: weight
                text: Weight?
                decimal: { unit: kg, displayUnit: { en: kilograms, ja: キログラム } }
            """
        func format(_ entry: CatalogEntry, _ index: Int) throws -> NumericFormat {
            guard case .question(let question) = entry.task.steps[index].content,
                case .numeric(let format) = question.answerFormat
            else { throw CocoaError(.featureUnsupported) }
            return format
        }
        let context = AnswerParsingContext(calendar: Calendar(identifier: .gregorian), now: Date())
        for language in ["en", "ja"] {
            let entry = try load(yaml, languages: [language])
            let steps = try format(entry, 0)
            let weight = try format(entry, 1)
            // Recorded: the default language's texts, whatever the language shown.
            #expect(steps.unit == "steps" && steps.displayUnit == nil)
            #expect(weight.unit == "kg" && weight.displayUnit == "kilograms")
            let made = QuestionResult.make(
                "walked", format: .numeric(steps), answer: .numeric(.integer(4_000)), start: Date(), end: Date(),
                timeZone: TimeZone(identifier: "UTC")!)
            guard case .numeric(_, let unit, let displayUnit) = made.value else {
                throw CocoaError(.featureUnsupported)
            }
            #expect(unit == "steps" && displayUnit == "steps")
            // Shown and typed: the language's own.
            #expect(steps.translatedUnit == (language == "ja" ? "歩" : nil))
            #expect(weight.translatedUnit == (language == "ja" ? "キログラム" : nil))
            let shown = AnswerFormat.numeric(steps).displayText(for: .numeric(.integer(4_000)), context: context)
            #expect(shown == (language == "ja" ? "4000 歩" : "4000 steps"))
            let typed = AnswerFormat.numeric(steps).parse("4000 歩", context: context)
            #expect((try? typed.get()) == (language == "ja" ? .numeric(.integer(4_000)) : nil))
            #expect(
                try AnswerFormat.numeric(steps).parse("4000 steps", context: context).get() == .numeric(.integer(4_000))
            )
        }
    }

    @Test("zh-Hant-TW falls back past zh-Hant and zh to the default; an unknown language shows the default")
    func fallback() throws {
        #expect(try load(Self.survey, languages: ["zh-Hant-TW"]).title == "Check In")
        #expect(try load(Self.survey, languages: ["zh-Hans-CN"]).title == "每日签到")
        #expect(try load(Self.survey, languages: ["fr"]).languages?.shown.description == "en")
    }

    @Test("untranslated texts are listed per language, with their paths; texts without letters are not")
    func untranslated() throws {
        let entry = try load(Self.survey, languages: [])
        let missing = entry.languages?.untranslated ?? [:]
        #expect(missing[LanguageTag("ja")!] == ["steps[0].detail", "steps[1].bullets[0]"])
        #expect(
            missing[LanguageTag("zh-Hans")!]
                == [
                    "steps[0].text", "steps[0].detail", "steps[0].singleChoice.choices[0].text",
                    "steps[0].singleChoice.choices[1].text",
                ])
    }

    @Test("a file without translations keeps plain strings and names no languages")
    func plainFile() throws {
        let entry = try CatalogFixture.entry("id: t\ntitle: T\nsteps: [{ instruction: i, text: Hello }]\n")
        #expect(entry.languages == nil)
        #expect(entry.task.steps[0].text == "Hello")
    }

    @Test("problems name the place: a malformed tag, an unknown language, a map without the default")
    func problems() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            language: en
            title: { en: T, en_GB: Tee }
            steps:
              - instruction: i
                text: { en: Hello, qq: Hi }
                detail: { ja: こんにちは }
            """)
        #expect(
            lines == [
                "title.en_GB: \"en_GB\" is not a BCP 47 language tag (such as en, ja, zh-Hans, pt-BR)",
                "steps[0].text.qq: unknown language \"qq\" in \"qq\" (not an ISO 639 code)",
                "steps[0].detail: has no text in the survey's default language \"en\" (the file's language:)",
            ])
    }

    @Test("a translated text in a file without language:, and a bad language:, are refused")
    func missingDefault() throws {
        let lines = try CatalogFixture.problemLines(
            "id: t\ntitle: { en: T, ja: テ }\nsteps: [{ instruction: i }]\n")
        #expect(
            lines == [
                "title: a translated text needs the survey's default language: add \"language:\" (e.g. language: en) "
                    + "at the top of the file"
            ])
        let bad = try CatalogFixture.problemLines("id: t\nlanguage: English\ntitle: T\nsteps: [{ instruction: i }]\n")
        #expect(bad == ["language: unknown language \"english\" in \"English\" (not an ISO 639 code)"])
    }

    @Test("a translation of a text that is not participant-facing (an id, a choice value) is refused by name")
    func notParticipantFacing() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            language: en
            title: T
            steps:
              - question: { en: q, ja: q2 }
                boolean: {}
            """)
        #expect(lines.contains { $0.hasPrefix("steps[0].question: \"question\" is not participant-facing text") })
    }

    @Test("catalog.untranslatedTexts names file, path and language, as validate prints them")
    func untranslatedProblems() throws {
        let folder = try CatalogFixture.folder(["t.yaml": Self.survey])
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        let texts = catalog.untranslatedTexts.map(\.description)
        #expect(texts.count == 6)
        #expect(
            texts.first
                == "surveys/t.yaml: steps[0].detail: no ja text (the file has ja translations; docs/languages.md)")
    }
}
