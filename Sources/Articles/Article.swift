package import RegimenFoundation

/// An article shipped with the study (docs/articles.md): CareKit's featured content and its detail page, read in the
/// terminal. One article may come in several languages, one file each.
package struct Article: Sendable, Hashable {
    /// Its id: the file name before its language and extension (`recovery` for `recovery.ja.md`).
    package var id: String
    /// Whether the care feed shows it (front matter `featured: true`).
    package var featured: Bool
    /// The article in its default language first, then its translations in file-name order.
    package var versions: [ArticleVersion]

    /// Creates an article; `versions` must not be empty.
    package init(id: String, featured: Bool, versions: [ArticleVersion]) {
        self.id = id
        self.featured = featured
        self.versions = versions
    }

    /// The default language's title.
    package var title: String { versions.first?.title ?? id }

    /// The title in each translated language, by tag.
    package var translatedTitles: [LanguageTag: String] {
        var titles: [LanguageTag: String] = [:]
        for version in versions.dropFirst() { if let language = version.language { titles[language] = version.title } }
        return titles
    }

    /// The version in the first of `languages` the article has (BCP 47 lookup), else the default one.
    package func version(for languages: [LanguageTag]) -> ArticleVersion? {
        let available = versions.compactMap(\.language)
        if let found = LanguageTag.lookup(languages, in: available) {
            return versions.first { $0.language == found }
        }
        return versions.first
    }
}

/// One file of an article: its language, its texts and its body as HTML.
package struct ArticleVersion: Sendable, Hashable {
    /// The file's language (front matter `language:` or the file name's tag); nil when it names none.
    package var language: LanguageTag?
    /// The file's name in its folder.
    package var fileName: String
    /// The title (front matter `title:`, an HTML `<title>`, else the first heading).
    package var title: String
    /// A one-line summary (front matter `summary:`, an HTML `<meta name="description">`), if any.
    package var summary: String?
    /// The body as HTML: Markdown converted by Ink, HTML as written.
    package var html: String
    /// The file's bytes as read, for publishing (docs/articles.md, "Publishing and sync").
    package var source: String

    /// Creates a version.
    package init(
        language: LanguageTag?, fileName: String, title: String, summary: String?, html: String, source: String
    ) {
        self.language = language
        self.fileName = fileName
        self.title = title
        self.summary = summary
        self.html = html
        self.source = source
    }
}
