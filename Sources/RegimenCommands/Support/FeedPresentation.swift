import Articles
import CareStore
import Catalog
import Foundation
import RegimenFoundation

/// What the care feed shows beyond the store's tasks (docs/logged-tasks.md, docs/articles.md): which tasks are logged
/// and which are shown by a labelled value, and the featured articles. Like `TaskTitleTranslations`, it is recorded in
/// a store setting whenever the survey folder is read for a sync, so `regimen today` reads no survey file.
struct FeedPresentation: Equatable {
    /// The store setting that holds `{"logged": [task…], "labeledValues": {task: kind}, "featured": [{id, title,
    /// titles}]}`.
    static let settingKey = "feedPresentation"

    /// One featured article's line.
    struct FeaturedArticle: Equatable {
        /// The article's id (`regimen read ID`).
        var id: String
        /// Its title in its default language.
        var title: String
        /// Its title in other languages, by BCP 47 tag.
        var titles: [String: String] = [:]
    }

    /// Ids of logged tasks.
    var logged: Set<String> = []
    /// The outcome kind each labelled-value task is shown by, by task id.
    var labeledValues: [String: String] = [:]
    /// The featured articles, in id order.
    var featured: [FeaturedArticle] = []

    /// What `catalog` says: its logged and labelled-value tasks, and its featured articles.
    init(_ catalog: Catalog) {
        for entry in catalog.entries {
            if entry.logged { logged.insert(entry.taskIdentifier) }
            if let kind = entry.labeledValue { labeledValues[entry.taskIdentifier] = kind }
        }
        featured = catalog.articles.filter(\.featured).map { article in
            FeaturedArticle(
                id: article.id, title: article.title,
                titles: Dictionary(
                    uniqueKeysWithValues: article.translatedTitles.map { ($0.key.description, $0.value) }))
        }
    }

    init() {}

    /// Records what `catalog` says in `store`, replacing what an earlier folder recorded.
    static func record(_ catalog: Catalog, in store: CareStore) throws(RegimenError) {
        let presentation = FeedPresentation(catalog)
        let text = presentation == FeedPresentation() ? "" : JSONWriter.prettyText(presentation.json)
        try storeCall { () throws(CareStoreError) in try store.setSetting(settingKey, to: text) }
    }

    /// What `store` recorded; empty when nothing was, or the setting does not read as recorded (the feed then shows
    /// every task plainly).
    static func recorded(in store: CareStore) throws(RegimenError) -> FeedPresentation {
        let text = try storeCall { () throws(CareStoreError) in try store.setting(settingKey) }
        guard let text, !text.isEmpty else { return FeedPresentation() }
        let object: JSONObject
        do {
            guard case .object(let parsed) = try JSONParser.parse(Data(text.utf8)) else { return FeedPresentation() }
            object = parsed
        } catch {
            return FeedPresentation()
        }
        var presentation = FeedPresentation()
        if case .array(let tasks)? = object["logged"] {
            for case .string(let task) in tasks { presentation.logged.insert(task) }
        }
        if case .object(let kinds)? = object["labeledValues"] {
            for (task, value) in kinds { if case .string(let kind) = value { presentation.labeledValues[task] = kind } }
        }
        if case .array(let articles)? = object["featured"] {
            for case .object(let article) in articles {
                guard case .string(let id)? = article["id"], case .string(let title)? = article["title"] else {
                    continue
                }
                var titles: [String: String] = [:]
                if case .object(let translated)? = article["titles"] {
                    for (tag, value) in translated { if case .string(let text) = value { titles[tag] = text } }
                }
                presentation.featured.append(FeaturedArticle(id: id, title: title, titles: titles))
            }
        }
        return presentation
    }

    /// The article's title in the first of `languages` it is translated into (BCP 47 lookup), else its default.
    static func title(of article: FeaturedArticle, for languages: [LanguageTag]) -> String {
        var byTag: [LanguageTag: String] = [:]
        for (tag, title) in article.titles { if let tag = LanguageTag(tag) { byTag[tag] = title } }
        guard let found = LanguageTag.lookup(languages, in: byTag.keys) else { return article.title }
        return byTag[found] ?? article.title
    }

    private var json: JSONValue {
        var object = JSONObject()
        object["logged"] = .array(logged.sorted().map(JSONValue.string))
        var kinds = JSONObject()
        for (task, kind) in labeledValues { kinds[task] = .string(kind) }
        object["labeledValues"] = .object(kinds)
        object["featured"] = .array(
            featured.map { article in
                var titles = JSONObject()
                for (tag, title) in article.titles { titles[tag] = .string(title) }
                return .object(["id": .string(article.id), "title": .string(article.title), "titles": .object(titles)])
            })
        return .object(object)
    }
}
