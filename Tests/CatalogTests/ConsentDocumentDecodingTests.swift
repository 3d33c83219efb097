import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage
import Testing

@testable import Catalog

/// Consent documents in survey files (docs/consent.md, "The document"): identity, sections, comprehension questions,
/// translations, and the problems `regimen validate` reports.
@Suite("Consent documents: versioned, translated, validated")
struct ConsentDocumentDecodingTests {
    private func consent(_ entry: CatalogEntry) throws -> ConsentReviewContent {
        try #require(entry.task.consentDocument)
    }

    @Test(
        "The shipped onboarding consent: its identity, its question, in Japanese, with the digest of the Japanese text")
    func onboarding() throws {
        let catalog = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc,
            languages: [LanguageTag("ja")!])
        let entry = try #require(catalog.entry(forTask: "onboarding"))
        let content = try consent(entry)
        #expect(content.document.identifier == "onboarding-consent")
        #expect(content.document.version == "1")
        #expect(content.document.effectiveDate == "2026-11-01")
        #expect(content.document.language == "ja")
        #expect(content.document.withdrawalChoices == [.keep, .remove])
        #expect(content.document.isRequired == false)
        #expect(content.sections.count == 3)
        let question = try #require(content.questions.first)
        #expect(question.text == "この研究への参加は、いつでも取りやめることができますか。")
        #expect(question.choices.count == 2)
        #expect(question.correctChoice == 1)
        #expect(question.section == 2)
        #expect(content.documentText.contains("参加は自由意思です"))
        let english = try #require(
            try Catalog.load(directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
                .entry(forTask: "onboarding"))
        #expect(try consent(english).digest != content.digest)
    }

    @Test("A version given as a number, the step id as the document, required by default")
    func defaults() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps:
              - consent: agree
                version: 3
                effective: 2026-02-28
                sections: [{ title: A, content: B }]
                reason: I agree
            """)
        let content = try consent(entry)
        #expect(content.document.identifier == "agree")
        #expect(content.document.version == "3")
        #expect(content.document.isRequired)
        #expect(content.document.withdrawalChoices == [.keep])
    }

    @Test("Every problem of a consent document is named with its place")
    func problems() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps:
              - consent: agree
                effective: 2026-02-30
                withdrawal: [keep, erase]
                sections: [{ title: A, content: B }]
                questions:
                  - { text: Q, options: [Only], answer: 2, section: 4 }
                reason: I agree
            """)
        #expect(
            lines == [
                "steps[0].withdrawal[1]: must be keep or remove",
                "steps[0]: missing required key \"version\"",
                "steps[0].effective: must be a date, yyyy-MM-dd, found \"2026-02-30\"",
                "steps[0].questions[0].options: a comprehension question needs at least two options",
                "steps[0].questions[0].answer: must be the number of one of the 1 options, found 2",
                "steps[0].questions[0].section: must be the number of one of the 1 sections, found 4",
            ])
    }
}
