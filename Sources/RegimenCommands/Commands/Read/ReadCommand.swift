import ArgumentParser
import Articles
import Catalog
import Foundation
import ParticipantWords
import RegimenFoundation

/// `regimen read ARTICLE`: an article shipped with the surveys, drawn for the terminal (docs/articles.md).
struct ReadCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read an article shipped with the surveys: wrapped to the terminal, paged when longer than it.",
        discussion: """
            Headings, emphasis, lists, quotes and code are drawn as text; links are numbered and listed at the end, \
            images show their alt text. Text longer than the screen goes through $PAGER (else less); NO_COLOR or \
            TERM=dumb draws it plain. Without ARTICLE, lists the articles.
            """
    )

    @Argument(
        help: ArgumentHelp("The article's id (its file name without extension), e.g. recovery.", valueName: "article"))
    var article: String?

    @OptionGroup var surveys: SurveyOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read it in this language, a BCP 47 tag such as ja (default: $REGIMEN_LANGUAGE, then the locale).",
            valueName: "tag"))
    var language: String?

    @Flag(name: .long, help: "Print the whole article without a pager.")
    var noPager = false

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let languages = try environment.participantLanguages(
            option: language, enrolled: workspace.enrolledLanguage(storePath: nil))
        let words = Words(for: languages)
        let catalog = try workspace.loadCatalog(surveys, languages: languages).catalog
        guard let id = article else {
            let lines = catalog.articles.map { article in
                let version = article.version(for: languages)
                return "\(article.id)  \(version?.title ?? article.title)"
                    + (version?.summary.map { " — \($0)" } ?? "")
            }
            print(lines.isEmpty ? "no articles" : lines.joined(separator: "\n"))
            return
        }
        guard let found = catalog.article(id), let version = found.version(for: languages) else {
            let known = catalog.articles.map(\.id)
            throw RegimenError.usage(
                "no article '\(id)'"
                    + (known.isEmpty ? " (the surveys have none)" : ": one of \(known.joined(separator: ", "))"))
        }
        var renderer = TerminalArticle(
            width: environment.terminalWidth, color: environment.colorAllowed(onTerminal: environment.stdoutIsTerminal))
        renderer.linksHeading = words(.articleLinks)
        renderer.imageLabel = words(.articleImage)
        let lines = renderer.lines(Self.titled(version))
        Pager.show(
            lines.joined(separator: "\n") + "\n", lineCount: lines.count, environment: environment, disabled: noPager)
    }

    /// The version's HTML, headed by its title when its first heading is not already the title.
    static func titled(_ version: ArticleVersion) -> String {
        if ArticleFile.firstHeadingText(version.html) == version.title { return version.html }
        let escaped = version.title.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
        return "<h1>\(escaped)</h1>\n" + version.html
    }
}
