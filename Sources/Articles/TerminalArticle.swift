import Foundation
import RegimenFoundation

/// An article's HTML as terminal lines (docs/articles.md, "In the terminal"): headings, emphasis, lists, quotes,
/// code, rules and tables, links as numbered footnotes listed at the end, images as their alt text, every paragraph
/// wrapped to the width with `TerminalColumns` (CJK text breaks between its characters). With `color`, headings are
/// bold (the first also underlined), emphasis italic, strong text bold and code cyan; without it (`NO_COLOR`,
/// `TERM=dumb`, not a terminal) the text is plain and headings are underlined with `=` or `-`. Only the renderer's own
/// escape sequences are ever written: `HTMLTokenizer` removes every control character the article holds.
package struct TerminalArticle {
    /// Columns to wrap to (at least 20).
    package let width: Int
    /// Whether to style with SGR escape sequences.
    package let color: Bool
    /// The heading of the footnotes ("Links"), in the participant's language.
    package var linksHeading = "Links"
    /// What an image without alt text shows ("image"), in the participant's language.
    package var imageLabel = "image"

    /// A renderer for `width` columns.
    package init(width: Int, color: Bool) {
        self.width = max(width, 20)
        self.color = color
    }

    /// The lines of `html`, without trailing blank lines.
    package func lines(_ html: String) -> [String] {
        var state = RenderState(renderer: self)
        var tokenizer = HTMLTokenizer(html)
        while let token = tokenizer.next() { state.take(token) }
        return state.finish()
    }

    // MARK: - Styles

    func sgr(_ code: String) -> String { color ? "\u{1B}[\(code)m" : "" }
}

/// What the renderer is in the middle of.
private struct RenderState {
    let renderer: TerminalArticle
    var output: [String] = []
    /// The inline text of the block being read.
    var inline = ""
    /// Open lists: ordered or not, and the next number.
    var lists: [(ordered: Bool, next: Int)] = []
    /// The marker of a list item whose first line is not written yet ("• ", "3. ").
    var pendingMarker: String?
    var quoteDepth = 0
    var preformatted = 0
    var heading: Int?
    var links: [String] = []
    /// The href of each open `a`, nil for an `a` without one.
    var openLinks: [String?] = []
    var tableCells: [String] = []
    var inTableRow = false
    /// Open inline styles, to restore after a nested one closes.
    var styles: [String] = []
    /// Open elements whose text is not shown (`head`, `title`).
    var hidden = 0

    init(renderer: TerminalArticle) {
        self.renderer = renderer
    }

    mutating func take(_ token: HTMLToken) {
        switch token {
        case .text(let text):
            if hidden > 0 { return }
            if preformatted > 0 {
                inline += text
            } else {
                appendCollapsed(text)
            }
        case .open(let name, let attributes, let selfClosing):
            open(name, attributes: attributes)
            if selfClosing, !["br", "img", "hr"].contains(name) { close(name) }
        case .close(let name):
            close(name)
        }
    }

    /// Adds text with runs of white space collapsed to one space, as HTML shows it.
    mutating func appendCollapsed(_ text: String) {
        var lastWasSpace = inline.isEmpty || inline.last == " " || inline.last == "\n"
        for character in text {
            if character.isWhitespace {
                if !lastWasSpace { inline.append(" ") }
                lastWasSpace = true
            } else {
                inline.append(character)
                lastWasSpace = false
            }
        }
    }

    mutating func open(_ name: String, attributes: [String: String]) {
        switch name {
        case "head", "title":
            hidden += 1
        case "p", "div", "section", "article", "header", "footer", "main", "figure", "figcaption", "dl", "dt", "dd":
            flush()
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            heading = Int(name.dropFirst()) ?? 1
        case "ul", "ol":
            flush()
            let start = Int(attributes["start"] ?? "") ?? 1
            lists.append((ordered: name == "ol", next: start))
        case "li":
            flush()
            if lists.isEmpty { lists.append((ordered: false, next: 1)) }
            let last = lists.count - 1
            if lists[last].ordered {
                pendingMarker = "\(lists[last].next). "
                lists[last].next += 1
            } else {
                pendingMarker = renderer.color ? "• " : "- "
            }
        case "blockquote":
            flush()
            quoteDepth += 1
        case "pre":
            flush()
            preformatted += 1
        case "br":
            inline += "\n"
        case "hr":
            flush()
            blank()
            output.append(indent + String(repeating: renderer.color ? "─" : "-", count: min(40, room)))
            blank()
        case "em", "i", "cite", "dfn":
            push("3")
        case "strong", "b":
            push("1")
        case "code", "kbd", "samp":
            if preformatted == 0 { push("36") }
        case "a":
            let href = attributes["href"].map { $0.trimmingCharacters(in: .whitespaces) }
            openLinks.append(href?.isEmpty == false && href?.hasPrefix("#") == false ? href : nil)
        case "img":
            let alt = attributes["alt"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            appendCollapsed("[\(alt.isEmpty ? renderer.imageLabel : alt)]")
        case "tr":
            flush()
            tableCells = []
            inTableRow = true
        case "td", "th":
            if inTableRow, !tableCells.isEmpty || !inline.isEmpty { cellBreak() }
        default:
            break
        }
    }

    mutating func close(_ name: String) {
        switch name {
        case "head", "title":
            hidden = max(0, hidden - 1)
        case "p", "div", "section", "article", "header", "footer", "main", "figure", "figcaption", "dl", "dt", "dd":
            flush()
        case "h1", "h2", "h3", "h4", "h5", "h6":
            flush()
            heading = nil
        case "ul", "ol":
            flush()
            if !lists.isEmpty { lists.removeLast() }
            if lists.isEmpty { blank() }
        case "li":
            flush()
            pendingMarker = nil
        case "blockquote":
            flush()
            if quoteDepth > 0, output.last == prefix.trimmingCharacters(in: .whitespaces) { output.removeLast() }
            quoteDepth = max(0, quoteDepth - 1)
        case "pre":
            flush()
            preformatted = max(0, preformatted - 1)
        case "em", "i", "cite", "dfn", "strong", "b":
            pop()
        case "code", "kbd", "samp":
            if preformatted == 0 { pop() }
        case "a":
            guard let href = openLinks.popLast() else { return }
            if let href {
                let number: Int
                if let known = links.firstIndex(of: href) {
                    number = known + 1
                } else {
                    links.append(href)
                    number = links.count
                }
                inline += "[\(number)]"
            }
        case "tr":
            if !inline.isEmpty || !tableCells.isEmpty { cellBreak() }
            let row = tableCells.joined(separator: " | ")
            tableCells = []
            inTableRow = false
            inline = row
            flush(tight: true)
        case "table":
            flush()
            blank()
        default:
            break
        }
    }

    mutating func cellBreak() {
        tableCells.append(inline.trimmingCharacters(in: .whitespaces))
        inline = ""
    }

    mutating func push(_ code: String) {
        styles.append(code)
        inline += renderer.sgr(code)
    }

    mutating func pop() {
        guard !styles.isEmpty else { return }
        styles.removeLast()
        inline += renderer.sgr("0") + styles.map(renderer.sgr).joined()
    }

    var prefix: String {
        String(repeating: renderer.color ? "│ " : "> ", count: quoteDepth)
    }

    var indent: String {
        String(repeating: "  ", count: max(0, lists.count - 1)) + prefix
    }

    var room: Int { max(10, renderer.width - TerminalColumns.width(of: indent)) }

    mutating func blank() {
        if let last = output.last, last.isEmpty || last == prefix.trimmingCharacters(in: .whitespaces) { return }
        if output.isEmpty { return }
        output.append(quoteDepth > 0 ? prefix.trimmingCharacters(in: .whitespaces) : "")
    }

    /// Writes the block read so far: wrapped to the width, with its list marker, quote bars and indentation.
    mutating func flush(tight: Bool = false) {
        var text = inline
        inline = ""
        if !styles.isEmpty { text += renderer.sgr("0") }
        if preformatted > 0 {
            while text.hasSuffix("\n") { text.removeLast() }
            while text.hasPrefix("\n") { text.removeFirst() }
            guard !text.isEmpty else { return }
            blank()
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                for piece in TerminalColumns.wrapped(String(line), to: room - 4) {
                    output.append(indent + "    " + piece)
                }
            }
            blank()
            return
        }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty || pendingMarker != nil else { return }
        if let level = heading {
            blank()
            let plainWidth = TerminalColumns.width(of: text)
            let styled =
                level == 1
                ? renderer.sgr("1;4") + text + renderer.sgr("0") : renderer.sgr("1") + text + renderer.sgr("0")
            for line in TerminalColumns.wrapped(styled, to: room) { output.append(indent + line) }
            if !renderer.color, level <= 2 {
                output.append(indent + String(repeating: level == 1 ? "=" : "-", count: min(plainWidth, room)))
            }
            blank()
            return
        }
        let marker = pendingMarker ?? ""
        pendingMarker = nil
        let markerWidth = TerminalColumns.width(of: marker)
        let lines = TerminalColumns.wrapped(text, to: room - markerWidth)
        if marker.isEmpty, lists.isEmpty, !tight { blank() }
        for (index, line) in lines.enumerated() {
            let lead = index == 0 ? marker : String(repeating: " ", count: markerWidth)
            output.append(indent + lead + line)
        }
        if marker.isEmpty, lists.isEmpty, !tight { blank() }
    }

    mutating func finish() -> [String] {
        flush()
        if !links.isEmpty {
            blank()
            quoteDepth = 0
            lists = []
            output.append(renderer.sgr("1") + renderer.linksHeading + renderer.sgr("0"))
            for (index, link) in links.enumerated() {
                let marker = "[\(index + 1)] "
                let lines = TerminalColumns.wrapped(link, to: renderer.width - marker.count)
                for (row, line) in lines.enumerated() {
                    output.append((row == 0 ? marker : String(repeating: " ", count: marker.count)) + line)
                }
            }
        }
        while output.last?.isEmpty == true { output.removeLast() }
        while output.first?.isEmpty == true { output.removeFirst() }
        return output
    }
}
