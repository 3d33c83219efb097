import Articles
import RegimenFoundation
import Testing

/// What `regimen validate` says of an article file (docs/articles.md, "Checks"): every problem, by place.
@Suite("Article files")
struct ArticleFileTests {
    @Test("unknown front matter keys, a featured that is no Boolean, http links and images, and raw control characters")
    func problems() {
        let text =
            "---\ntitle: T\nfeatured: maybe\nauthor: me\n---\n\nSee [it](http://example.org) \u{1B}[31m and "
            + "![img](ftp://example.org/i.png), [fine](https://example.org) and [here](#top).\n"
        let reading = ArticleFile.read(text, fileName: "t.md", format: .markdown, nameLanguage: nil)
        let said = reading.problems.map { "\($0.place): \($0.reason)" }
        #expect(
            said == [
                "line 7: holds the control character U+001B: remove it",
                "front matter: unknown key \"author\" (one of title, summary, featured, language)",
                "link http://example.org: must be an https link (https://…)",
                "image ftp://example.org/i.png: must be an https link (https://…)",
                "featured: must be true or false, found maybe",
            ])
        #expect(reading.version?.title == "T")
    }

    @Test("an HTML article takes its title, summary, featured flag and language from its head")
    func htmlHead() {
        let html = """
            <!DOCTYPE html><html lang="ja"><head><title> 回復 </title>
            <meta name="description" content="要約"><meta name="featured" content="true"></head>
            <body><h1>見出し</h1><p>本文</p></body></html>
            """
        let reading = ArticleFile.read(html, fileName: "r.ja.html", format: .html, nameLanguage: LanguageTag("ja"))
        #expect(reading.problems.isEmpty)
        #expect(reading.featured == true)
        #expect(reading.version?.title == "回復")
        #expect(reading.version?.summary == "要約")
        #expect(reading.version?.language == LanguageTag("ja"))
    }

    @Test("an article without any title is refused, naming the key")
    func noTitle() {
        let reading = ArticleFile.read("Just text.\n", fileName: "x.md", format: .markdown, nameLanguage: nil)
        #expect(reading.version == nil)
        #expect(reading.problems.map(\.place) == ["title"])
    }
}
