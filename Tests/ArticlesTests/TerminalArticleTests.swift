import Articles
import Foundation
import RegimenFoundation
import Testing

/// How an article reaches the terminal (docs/articles.md, "In the terminal"): every Markdown construct Ink reads drawn
/// as text, paragraphs wrapped to the width by columns (CJK included), a 1 MB article in one pass, and no control
/// character from the article ever written, whichever way it is spelled.
@Suite("Articles in the terminal")
struct TerminalArticleTests {
    /// Markdown holding every construct CommonMark names (and Ink reads), with front matter.
    static let everything = """
        ---
        title: Easy healthy recipes
        summary: Three meals in ten minutes.
        featured: true
        ---

        # Easy healthy recipes

        Eat *well* and **often**, with `little` effort.

        ## Breakfast

        - Oats
        - Nuts
        - Fruit
          - Berries

        1. Boil water.
        2. Add the oats.

        > Cook once, eat twice.

        ```
        let bowl = oats + milk
        ```

        ---

        See [the guide](https://example.org/guide) and [the guide again](https://example.org/guide), then
        [another](https://example.org/other).

        ![A bowl of oats](https://example.org/oats.png)
        """

    @Test("every Markdown construct is drawn plain: underlined headings, bullets, numbers, quote bars, code, footnotes")
    func everyConstructPlain() {
        let reading = ArticleFile.read(Self.everything, fileName: "recipes.md", format: .markdown, nameLanguage: nil)
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.featured == true)
        let version = try! #require(reading.version)
        #expect(version.title == "Easy healthy recipes")
        #expect(version.summary == "Three meals in ten minutes.")
        let lines = TerminalArticle(width: 60, color: false).lines(version.html)
        #expect(
            lines == [
                "Easy healthy recipes",
                "====================",
                "",
                "Eat well and often, with little effort.",
                "",
                "Breakfast",
                "---------",
                "",
                "- Oats",
                "- Nuts",
                "- Fruit",
                "  - Berries",
                "",
                "1. Boil water.",
                "2. Add the oats.",
                "",
                "> Cook once, eat twice.",
                "",
                "    let bowl = oats + milk",
                "",
                "----------------------------------------",
                "",
                "See the guide[1] and the guide again[1], then another[2].",
                "",
                "[A bowl of oats]",
                "",
                "Links",
                "[1] https://example.org/guide",
                "[2] https://example.org/other",
            ], "\(lines.joined(separator: "\n"))")
    }

    @Test("with color, headings are bold, emphasis italic, strong bold and code cyan, each style closed")
    func styled() {
        let lines = TerminalArticle(width: 60, color: true).lines(
            "<h1>Title</h1><p>An <em>easy</em> <strong>meal</strong> with <code>oats</code>.</p>")
        #expect(lines[0] == "\u{1B}[1;4mTitle\u{1B}[0m")
        #expect(lines.last == "An \u{1B}[3measy\u{1B}[0m \u{1B}[1mmeal\u{1B}[0m with \u{1B}[36moats\u{1B}[0m.")
    }

    @Test("a long paragraph wraps at spaces to the width, and list items wrap under their text")
    func longLines() {
        let words = Array(repeating: "recovery", count: 60).joined(separator: " ")
        let lines = TerminalArticle(width: 30, color: false).lines("<p>\(words)</p><ul><li>\(words)</li></ul>")
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 30 })
        #expect(lines.filter { $0.hasPrefix("- ") }.count == 1)
        let item = lines.drop { !$0.hasPrefix("- ") }
        #expect(item.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        let text = lines.filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text == "\(words) - \(words)")
    }

    @Test("CJK text, which has no spaces, wraps between characters at two columns each")
    func cjk() {
        let japanese = String(repeating: "膝の手術後は毎日少しずつ歩いてください。", count: 8)
        let lines = TerminalArticle(width: 21, color: false).lines("<p>\(japanese)</p>")
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 21 })
        #expect(lines.dropLast().allSatisfy { TerminalColumns.width(of: $0) == 20 })
        #expect(lines.joined() == japanese)
    }

    @Test("HTML that tries to send escape sequences: raw, as entities, C1, in links, alt text and scripts — none pass")
    func hostileEscapes() {
        let hostile = """
            <html><head><title>Hi\u{1B}]0;owned\u{07}</title><script>document.write("\u{1B}[2J")</script></head>
            <body><h1>Title \u{1B}[31mred</h1>
            <p>raw \u{1B}[2J clear, entity &#27;[5m blink, hex &#x1b;]8;;https://evil.example&#x07;link, C1 &#x9b;31m
            and \u{9B}32m, bell &#7; backspace &#8; NUL &#0; DEL &#127; \u{7F}</p>
            <p><a href="https://example.org/&#27;[31m">x</a> <img alt="alt&#27;[1mtext" src="https://e.org/i.png"></p>
            <style>p { color: red } \u{1B}[7m</style></body></html>
            """
        for color in [false, true] {
            let lines = TerminalArticle(width: 40, color: color).lines(hostile)
            let text = lines.joined(separator: "\n")
            // Without color nothing but newlines separates the text; with color only the renderer's SGR sequences.
            let withoutOwnStyles = text.replacingOccurrences(
                of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(color || withoutOwnStyles == text)
            #expect(
                !withoutOwnStyles.unicodeScalars.contains { $0 != "\n" && HTMLTokenizer.isForbidden($0) },
                "\(text.debugDescription)")
            #expect(!text.contains("owned") && !text.contains("document.write") && !text.contains("color: red"))
            #expect(text.contains("raw [2J clear, entity [5m blink"))
        }
    }

    @Test("a 1 MB article renders in one pass (its time is printed, not asserted) with every line within the width")
    func oneMegabyte() {
        var markdown = "# Big\n\n"
        let paragraph =
            "Walk a little more each day, *slowly*, and log any **nausea**: [advice](https://example.org/a). "
            + "毎日少しずつ歩いてください。\n\n"
        while markdown.utf8.count < 1_048_576 { markdown += paragraph }
        let clock = ContinuousClock()
        var lines: [String] = []
        let elapsed = clock.measure {
            let reading = ArticleFile.read(markdown, fileName: "big.md", format: .markdown, nameLanguage: nil)
            lines = TerminalArticle(width: 80, color: false).lines(reading.version?.html ?? "")
        }
        print("1 MB article (\(markdown.utf8.count) bytes): \(lines.count) lines in \(elapsed)")
        #expect(lines.count > 20_000)
        #expect(lines.allSatisfy { TerminalColumns.width(of: $0) <= 80 })
        #expect(lines.suffix(2) == ["Links", "[1] https://example.org/a"])
    }
}
