import Foundation
import Testing

/// Articles as a participant meets them (docs/articles.md): the recovery article on the feed, `regimen read` in each
/// language wrapped to COLUMNS and plain with NO_COLOR, and `regimen validate` naming an article's problems.
@Suite("End to end: articles", .serialized)
struct ArticleCommandTests {
    @Test("the feed shows the featured article on one line, in the participant's language")
    func featuredLine() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let feed = try regimen.run([])
        #expect(
            feed.stdout.hasSuffix("\n\n  ▸ Recovering after knee surgery — regimen read recovery\n"), "\(feed.stdout)")
        let japanese = try regimen.run([], environment: ["REGIMEN_LANGUAGE": "ja"])
        #expect(japanese.stdout.hasSuffix("  ▸ 膝の手術後の回復 — regimen read recovery\n"), "\(japanese.stdout)")
    }

    @Test("`regimen read recovery` draws the article plain, wrapped to COLUMNS, its link as a footnote; CJK too")
    func read() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let english = try regimen.run(["read", "recovery"], environment: ["COLUMNS": "64"])
        #expect(english.status == 0, "stderr: \(english.stderr)")
        let lines = english.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.prefix(2) == ["Recovering after knee surgery", "============================="])
        #expect(lines.contains("1. Do the exercises your physiotherapist showed you, slowly and"))
        #expect(lines.contains("- you have a fever."))
        #expect(lines.contains { $0.hasPrefix("> Nausea from pain medicine") })
        #expect(lines.suffix(3) == ["Links", "[1] https://www.nhs.uk/conditions/knee-replacement/recovery/", ""])
        #expect(lines.allSatisfy { $0.count <= 64 }, "\(english.stdout)")
        #expect(!english.stdout.contains("\u{1B}"), "NO_COLOR: no escape sequences")

        let japanese = try regimen.run(["read", "recovery", "--language", "ja"], environment: ["COLUMNS": "30"])
        #expect(japanese.stdout.hasPrefix("膝の手術後の回復\n"), "\(japanese.stdout)")
        #expect(japanese.stdout.contains("リンク\n[1] https://www.nhs.uk/"))

        let list = try regimen.run(["read"])
        #expect(list.stdout == "recovery  Recovering after knee surgery — What helps in the first weeks at home.\n")
        let unknown = try regimen.run(["read", "recipes"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "regimen: no article 'recipes': one of recovery\n")
    }

    @Test("validate names an article's http link, its unknown key and its control character, file and place")
    func validate() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let folder = regimen.sandbox.appendingPathComponent("surveys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RegimenProcess.packageRoot.appendingPathComponent("surveys/checkin.yaml"),
            to: folder.appendingPathComponent("checkin.yaml"))
        try "---\ntitle: Bad\nauthor: me\n---\n\n[x](http://example.org)\n\u{1B}[2J\n".write(
            to: folder.appendingPathComponent("bad.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: Orphan\n---\n".write(
            to: folder.appendingPathComponent("orphan.ja.md"), atomically: true, encoding: .utf8)
        let shipped = try regimen.run(["validate", RegimenProcess.packageRoot.appendingPathComponent("surveys").path])
        #expect(shipped.stdout.contains(", 1 article, no problems\n"), "\(shipped.stdout)")
        #expect(
            shipped.stdout.hasSuffix(
                "  recovery.md, recovery.ja.md, recovery.zh-Hans.md: article recovery \"Recovering after knee surgery\", "
                    + "featured in en, ja, zh-Hans\n"), "\(shipped.stdout)")
        let validate = try regimen.run(["validate", folder.path])
        #expect(validate.status == 65, "\(validate.stdout) \(validate.stderr)")
        let said = validate.stdout + validate.stderr
        #expect(said.contains("surveys/bad.md: line 7: holds the control character U+001B: remove it"), "\(said)")
        #expect(said.contains("surveys/bad.md: front matter: unknown key \"author\""), "\(said)")
        #expect(said.contains("surveys/bad.md: link http://example.org: must be an https link"), "\(said)")
        #expect(
            said.contains("surveys/orphan.ja.md: translation of article \"orphan\" without its default file"), "\(said)"
        )
    }
}
