import Articles
import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import Catalog

/// What a survey file says of a logged task and a labelled value, and what `validate` refuses (docs/logged-tasks.md),
/// and how a folder's articles are gathered by id and language (docs/articles.md, "Files").
@Suite("Logged tasks, labelled values and articles in survey folders")
struct LoggedTaskFileTests {
    static let question = """
        steps:
          - question: pulse
            integer: { unit: bpm }
        outcomes:
          - { kind: heart.rate, path: pulse, units: bpm, type: integer }
        """

    @Test("a logged task does not count towards adherence unless it says so")
    func adherenceDefault() throws {
        let logged = try CatalogFixture.entry(
            "id: t\ntitle: T\nlogged: true\nschedule:\n  - daily: { duration: allDay }\n" + Self.question)
        #expect(logged.logged && !logged.impactsAdherence)
        let counted = try CatalogFixture.entry(
            "id: t\ntitle: T\nlogged: true\nimpactsAdherence: true\nschedule:\n  - daily: { duration: allDay }\n"
                + Self.question)
        #expect(counted.logged && counted.impactsAdherence)
        let plain = try CatalogFixture.entry("id: t\ntitle: T\n" + Self.question + "\nlabeledValue: heart.rate")
        #expect(!plain.logged && plain.impactsAdherence && plain.labeledValue == "heart.rate")
    }

    @Test("a logged task without a schedule or outcomes, and a labelled value naming no outcome kind, are refused")
    func refusals() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            logged: true
            labeledValue: heart.rat
            steps:
              - question: pulse
                integer: { unit: bpm }
            """)
        #expect(
            lines == [
                "logged: a logged task needs a schedule whose events hold its logs, usually `- daily: { duration: allDay }`",
                "logged: a logged task needs outcomes: each log stores their values with the log's time",
                "labeledValue: names no outcome kind of the task (it has no outcomes)",
            ])
        let misspelt = try CatalogFixture.problemLines("id: t\ntitle: T\nlabeledValue: heart.rat\n" + Self.question)
        #expect(
            misspelt == [
                "labeledValue: names no outcome kind of the task (one of heart.rate) (did you mean \"heart.rate\"?)"
            ])
    }

    @Test("an article's translations join its default file by id; two defaults and bad tags are refused")
    func articleVersions() throws {
        let folder = try CatalogFixture.folder([
            "t.yaml": "id: t\ntitle: T\n" + Self.question,
            "tips.md": "---\ntitle: Tips\nlanguage: en\nfeatured: true\n---\nText.\n",
            "tips.ja.md": "---\ntitle: ヒント\n---\n本文。\n",
            "tips.html": "<title>Tips again</title><p>x</p>",
            "news.not-a-tag!.md": "# News\n",
        ])
        let problems = CatalogFixture.problems(folder).map { "\($0.file): \($0.path): \($0.reason)" }
        #expect(
            problems == [
                "surveys/news.not-a-tag!.md: : \"not-a-tag!\" is not a language tag: name a translation ID.TAG.md",
                "surveys/tips.md: : article \"tips\" has two default files",
            ])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("tips.html"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("news.not-a-tag!.md"))
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: CatalogFixture.utc)
        let tips = try #require(catalog.article("tips"))
        #expect(tips.featured && tips.title == "Tips")
        #expect(tips.version(for: [try #require(LanguageTag("ja-JP"))])?.title == "ヒント")
        #expect(tips.version(for: [try #require(LanguageTag("fr"))])?.title == "Tips")
    }
}
