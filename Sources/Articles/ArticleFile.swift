import Foundation
import Ink
package import RegimenFoundation

/// Reads one article file (docs/articles.md, "Files"): Markdown with front matter (`title`, `summary`, `featured`,
/// `language`), converted to HTML by Ink, or HTML whose `<title>` and `<meta>` say the same. Every problem is
/// reported, naming the place: a missing title, an unknown front matter key, a link or image that is not `https`, a
/// control character in the text.
package enum ArticleFile {
    /// The formats read, by file extension.
    package enum Format: String, Sendable, CaseIterable {
        case markdown = "md"
        case html = "html"
    }

    /// The front matter keys read.
    package static let frontMatterKeys = ["title", "summary", "featured", "language"]

    /// What one file holds.
    package struct Reading: Sendable {
        /// The version it makes (nil when a problem stops it).
        package var version: ArticleVersion?
        /// `featured:` as written, when it is.
        package var featured: Bool?
        /// Each problem: where (a key, a line, a link) and what.
        package var problems: [(place: String, reason: String)]
    }

    /// Reads `text`, the file `fileName` in `format`, whose name gives `nameLanguage`.
    package static func read(_ text: String, fileName: String, format: Format, nameLanguage: LanguageTag?) -> Reading {
        var problems: [(place: String, reason: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let bad = line.unicodeScalars.first(where: { HTMLTokenizer.isForbidden($0) && $0 != "\r" }) {
                let code = String(bad.value, radix: 16, uppercase: true)
                problems.append(
                    (
                        "line \(number + 1)",
                        "holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code): remove it"
                    ))
            }
        }
        var metadata: [String: String] = [:]
        let html: String
        switch format {
        case .markdown:
            let parsed = MarkdownParser().parse(text)
            metadata = parsed.metadata
            html = parsed.html
            for key in metadata.keys.sorted() where !frontMatterKeys.contains(key) {
                problems.append(
                    ("front matter", "unknown key \"\(key)\" (one of \(frontMatterKeys.joined(separator: ", ")))"))
            }
        case .html:
            html = text
            metadata = htmlMetadata(text)
        }
        let tokens = HTMLTokenizer.tokens(html)
        for (attribute, target) in links(in: tokens) where !isAllowedLink(target) {
            problems.append(
                (attribute == "src" ? "image \(target)" : "link \(target)", "must be an https link (https://…)"))
        }
        var featured: Bool?
        if let text = metadata["featured"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "yes": featured = true
            case "false", "no": featured = false
            default: problems.append(("featured", "must be true or false, found \(text)"))
            }
        }
        var language = nameLanguage
        if let text = metadata["language"]?.trimmingCharacters(in: .whitespaces) {
            if let tag = LanguageTag(text) {
                if let nameLanguage, nameLanguage != tag {
                    problems.append(("language", "is \(tag) but the file name says \(nameLanguage)"))
                }
                language = tag
            } else {
                problems.append(("language", "\(text) is not a BCP 47 language tag"))
            }
        }
        let title = metadata["title"].map(clean) ?? firstHeading(tokens)
        guard let title, !title.isEmpty else {
            problems.append(("title", "missing: give the article a title (front matter title:, <title> or a heading)"))
            return Reading(version: nil, featured: featured, problems: problems)
        }
        let summary = metadata["summary"].map(clean).flatMap { $0.isEmpty ? nil : $0 }
        let version = ArticleVersion(
            language: language, fileName: fileName, title: title, summary: summary, html: html, source: text)
        return Reading(version: version, featured: featured, problems: problems)
    }

    /// A link target an article may hold: `https://…`, or a place in the article itself (`#…`).
    static func isAllowedLink(_ target: String) -> Bool {
        let trimmed = target.trimmingCharacters(in: .whitespaces)
        return trimmed.lowercased().hasPrefix("https://") || trimmed.hasPrefix("#")
    }

    /// Every link (`a href`) and image (`img src`) target, in order.
    static func links(in tokens: [HTMLToken]) -> [(attribute: String, target: String)] {
        tokens.compactMap { token in
            guard case .open(let name, let attributes, _) = token else { return nil }
            if name == "a", let href = attributes["href"] { return ("href", href) }
            if name == "img", let src = attributes["src"] { return ("src", src) }
            return nil
        }
    }

    /// The text of the first heading of `html`, if any.
    package static func firstHeadingText(_ html: String) -> String? {
        firstHeading(HTMLTokenizer.tokens(html))
    }

    /// The text of the first heading, if any.
    static func firstHeading(_ tokens: [HTMLToken]) -> String? {
        var inside = false
        var text = ""
        for token in tokens {
            switch token {
            case .open(let name, _, _) where ["h1", "h2", "h3"].contains(name): inside = true
            case .close(let name) where ["h1", "h2", "h3"].contains(name) && inside: return clean(text)
            case .text(let piece) where inside: text += piece
            default: continue
            }
        }
        return nil
    }

    /// An HTML article's `<title>` and `<meta name content>` (description → summary, featured, language), and its
    /// `<html lang>`.
    static func htmlMetadata(_ html: String) -> [String: String] {
        var metadata: [String: String] = [:]
        var inTitle = false
        var title = ""
        for token in HTMLTokenizer.tokens(html) {
            switch token {
            case .open("title", _, _): inTitle = true
            case .close("title"): inTitle = false
            case .text(let text) where inTitle: title += text
            case .open("html", let attributes, _):
                if let lang = attributes["lang"] { metadata["language"] = lang }
            case .open("meta", let attributes, _):
                guard let name = attributes["name"]?.lowercased(), let content = attributes["content"] else { continue }
                if name == "description" { metadata["summary"] = content }
                if name == "featured" { metadata["featured"] = content }
            case .open("body", _, _): break
            default: continue
            }
        }
        if !clean(title).isEmpty { metadata["title"] = clean(title) }
        return metadata
    }

    /// White space runs collapsed to one space, control characters removed, ends trimmed.
    static func clean(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.unicodeScalars where !HTMLTokenizer.isForbidden(scalar) {
            if scalar.properties.isWhitespace {
                space = !out.isEmpty
            } else {
                if space { out.append(" ") }
                out.unicodeScalars.append(scalar)
                space = false
            }
        }
        return out
    }
}
