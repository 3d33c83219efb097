package import Articles
import Foundation
import RegimenFoundation
import SystemPackage

extension Catalog {
    /// File names in a survey folder that are documentation, not articles.
    static let ignoredArticleNames: Set<String> = ["README.md"]

    /// The article files of a folder (`*.md`, `*.html` but README.md; docs/articles.md, "Files"), sorted by name.
    static func articleFiles(in directory: FilePath) -> [FilePath] {
        // The folder was listed already for its surveys (`surveyFiles`, which reports an unreadable one).
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.string)
        } catch {
            return []
        }
        return names.sorted()
            .filter { !$0.hasPrefix(".") && !ignoredArticleNames.contains($0) }
            .filter { name in ArticleFile.Format.allCases.contains { name.hasSuffix(".\($0.rawValue)") } }
            .map { directory.appending($0) }
            .filter { file in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: file.string, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
    }

    /// Reads every article of `directory`: each id's default file and its translations (`ID.md`, `ID.ja.md`); the
    /// problems name the file (`folder/name`) and the place.
    static func loadArticles(directory: FilePath, folderName: String, limit: Int)
        -> (articles: [Article], problems: [CatalogProblem])
    {
        var problems: [CatalogProblem] = []
        var byID: [String: (featured: Bool?, main: ArticleVersion?, translations: [ArticleVersion])] = [:]
        var order: [String] = []
        for file in articleFiles(in: directory) {
            let name = file.lastComponent?.string ?? ""
            let display = "\(folderName)/\(name)"
            guard let format = ArticleFile.Format.allCases.first(where: { name.hasSuffix(".\($0.rawValue)") }) else {
                continue
            }
            let stem = String(name.dropLast(format.rawValue.count + 1))
            let parts = stem.split(separator: ".", maxSplits: 1).map(String.init)
            let id = parts[0]
            var nameLanguage: LanguageTag?
            if parts.count == 2 {
                guard let tag = LanguageTag(parts[1]) else {
                    problems.append(
                        CatalogProblem(
                            file: display, path: "",
                            reason:
                                "\"\(parts[1])\" is not a language tag: name a translation ID.TAG.\(format.rawValue)"))
                    continue
                }
                nameLanguage = tag
            }
            guard !id.isEmpty else {
                problems.append(CatalogProblem(file: display, path: "", reason: "the file name gives no article id"))
                continue
            }
            let text: String
            switch SurveyFileReader.text(of: file, limit: limit) {
            case .success(let read): text = read.text
            case .failure(let refusal):
                problems.append(CatalogProblem(file: display, path: "", reason: refusal.reason))
                continue
            }
            let reading = ArticleFile.read(text, fileName: name, format: format, nameLanguage: nameLanguage)
            problems += reading.problems.map { CatalogProblem(file: display, path: $0.place, reason: $0.reason) }
            if byID[id] == nil { order.append(id) }
            var slot = byID[id] ?? (featured: nil, main: nil, translations: [])
            if nameLanguage == nil {
                if slot.main != nil {
                    problems.append(
                        CatalogProblem(file: display, path: "", reason: "article \"\(id)\" has two default files"))
                }
                slot.featured = reading.featured
                slot.main = reading.version
            } else {
                if reading.featured != nil {
                    problems.append(
                        CatalogProblem(
                            file: display, path: "featured",
                            reason: "a translation follows its default file's featured: remove it here"))
                }
                if let version = reading.version { slot.translations.append(version) }
            }
            byID[id] = slot
        }
        var articles: [Article] = []
        for id in order {
            guard let slot = byID[id] else { continue }
            guard let main = slot.main else {
                if slot.translations.isEmpty { continue }
                let names = slot.translations.map(\.fileName).joined(separator: ", ")
                problems.append(
                    CatalogProblem(
                        file: "\(folderName)/\(slot.translations[0].fileName)", path: "",
                        reason: "translation of article \"\(id)\" without its default file \(id).md (\(names))"))
                continue
            }
            if !slot.translations.isEmpty, main.language == nil {
                problems.append(
                    CatalogProblem(
                        file: "\(folderName)/\(main.fileName)", path: "language",
                        reason: "an article with translations names its own language (language: en)"))
            }
            articles.append(Article(id: id, featured: slot.featured ?? false, versions: [main] + slot.translations))
        }
        return (articles, problems)
    }

    /// The article with this id, if any.
    package func article(_ id: String) -> Article? {
        articles.first { $0.id == id }
    }
}
