import RegimenFoundation

/// Reads a survey document's translated texts and resolves the document to one language, before it is decoded
/// (docs/languages.md): a participant-facing text is a string in the file's default language, or a mapping from BCP
/// 47 language tags to strings that holds the default. The decoder then sees plain strings only.
struct TranslatedTexts {
    /// Keys whose string is shown to participants and may be translated.
    static let textKeys: Set<String> = [
        "title", "text", "detail", "footnote", "instructions", "questionText", "placeholder", "content", "section",
        "minDescription", "maxDescription", "yes", "no", "unit", "displayUnit", "invalidMessage", "prefix", "reason",
        "intendedUse", "role",
    ]
    /// Keys whose list of strings is shown to participants, each string translatable.
    static let textListKeys: Set<String> = ["bullets", "options"]

    private let sink: ProblemSink
    private var defaultLanguage: LanguageTag?
    /// The texts written as mappings, by path: their text in each language.
    private var sites: [SurveyPath: [LanguageTag: String]] = [:]
    /// Every participant-facing text, by path, with the languages it has (plain strings: none but the default).
    private var textLanguages: [(path: SurveyPath, languages: Set<LanguageTag>, hasLetters: Bool)] = []

    private init(sink: ProblemSink) {
        self.sink = sink
    }

    /// `root` with every text in the language `requested` finds (RFC 4647 lookup among the file's languages, else
    /// its default), and the file's languages; nil languages when the file names none. Problems go to `sink`.
    /// `defaultTexts` holds each translated text's text in the default language, by path: what an "other" choice's
    /// value must equal, so the value recorded is the same in every language.
    static func resolve(_ root: SurveyNode, requested: [LanguageTag], sink: ProblemSink) -> (
        root: SurveyNode, languages: SurveyLanguages?, defaultTexts: [SurveyPath: String]
    ) {
        var reader = TranslatedTexts(sink: sink)
        reader.readDefaultLanguage(root)
        reader.collect(root, at: .root)
        guard let defaultLanguage = reader.defaultLanguage else {
            return (reader.sites.isEmpty ? root : reader.rewrite(root, at: .root, to: nil), nil, [:])
        }
        let defaultTexts = reader.sites.compactMapValues { $0[defaultLanguage] }
        var found = Set<LanguageTag>()
        for translations in reader.sites.values { found.formUnion(translations.keys) }
        found.remove(defaultLanguage)
        let translations = found.sorted()
        let shown = LanguageTag.lookup(requested, in: [defaultLanguage] + translations) ?? defaultLanguage
        var untranslated: [LanguageTag: [String]] = [:]
        for language in translations {
            untranslated[language] = reader.textLanguages.filter { $0.hasLetters && !$0.languages.contains(language) }
                .map(\.path.description)
        }
        var byText: [String: [LanguageTag: String]] = [:]
        for translations in reader.sites.values {
            guard let text = translations[defaultLanguage], translations.count > 1 else { continue }
            byText[text, default: [:]].merge(translations.filter { $0.key != defaultLanguage }) { first, _ in first }
        }
        let languages = SurveyLanguages(
            defaultLanguage: defaultLanguage, shown: shown, translations: translations, untranslated: untranslated,
            translationsByText: byText)
        let resolved = reader.sites.isEmpty ? root : reader.rewrite(root, at: .root, to: shown)
        return (resolved, languages, defaultTexts)
    }

    private mutating func readDefaultLanguage(_ root: SurveyNode) {
        guard let entry = root.entries?.first(where: { $0.key == "language" }) else { return }
        guard let text = entry.value.string else {
            sink.report(
                .root.key("language"), "must be a string, found \(entry.value.kindName)", line: entry.value.line)
            return
        }
        defaultLanguage = Self.tag(text, at: .root.key("language"), line: entry.value.line, sink: sink)
    }

    /// A known, well-formed tag, else a problem naming what is wrong.
    private static func tag(_ text: String, at path: SurveyPath, line: Int, sink: ProblemSink) -> LanguageTag? {
        guard let tag = LanguageTag(text) else {
            sink.report(
                path, "\"\(text)\" is not a BCP 47 language tag (such as en, ja, zh-Hans, pt-BR)", line: line)
            return nil
        }
        guard tag.isKnownLanguage else {
            sink.report(path, "unknown language \"\(tag.language)\" in \"\(text)\" (not an ISO 639 code)", line: line)
            return nil
        }
        return tag
    }

    private mutating func collect(_ node: SurveyNode, at path: SurveyPath) {
        switch node.value {
        case .mapping(let entries):
            for entry in entries {
                let child = path.key(entry.key)
                if Self.textKeys.contains(entry.key) {
                    collectText(entry.value, at: child)
                } else if Self.textListKeys.contains(entry.key), case .sequence(let items) = entry.value.value {
                    for (offset, item) in items.enumerated() { collectText(item, at: child.index(offset)) }
                } else {
                    if looksTranslated(entry.value) {
                        sink.report(
                            child,
                            "\"\(entry.key)\" is not participant-facing text and takes no translations "
                                + "(texts that do: \(Self.textKeys.union(Self.textListKeys).sorted().joined(separator: ", ")))",
                            line: entry.value.line)
                    }
                    collect(entry.value, at: child)
                }
            }
        case .sequence(let items):
            for (offset, item) in items.enumerated() { collect(item, at: path.index(offset)) }
        default:
            break
        }
    }

    /// A mapping of the default language and other known language tags to strings, under a key that is no text.
    private func looksTranslated(_ node: SurveyNode) -> Bool {
        guard let defaultLanguage, let entries = node.entries, !entries.isEmpty else { return false }
        let tags = entries.compactMap { entry in entry.value.string == nil ? nil : LanguageTag(entry.key) }
        return tags.count == entries.count && tags.contains(defaultLanguage) && tags.allSatisfy(\.isKnownLanguage)
    }

    private mutating func collectText(_ node: SurveyNode, at path: SurveyPath) {
        if let text = node.string {
            textLanguages.append((path, defaultLanguage.map { [$0] } ?? [], Self.hasLetters(text)))
            return
        }
        // Other kinds are the decoder's to report ("must be a string").
        guard let entries = node.entries else { return }
        guard !entries.isEmpty else {
            sink.report(path, "a translated text must hold at least the default language's text", line: node.line)
            return
        }
        var translations: [LanguageTag: String] = [:]
        for entry in entries {
            let place = path.key(entry.key)
            guard let tag = Self.tag(entry.key, at: place, line: entry.value.line, sink: sink) else { continue }
            guard let text = entry.value.string else {
                sink.report(place, "must be a string, found \(entry.value.kindName)", line: entry.value.line)
                continue
            }
            if translations[tag] != nil {
                sink.report(
                    place, "\(tag) is given twice (tags are compared without regard to case)", line: entry.value.line)
            }
            translations[tag] = text
        }
        if !translations.isEmpty { sites[path] = translations }
        guard let defaultLanguage else {
            sink.report(
                path,
                "a translated text needs the survey's default language: add \"language:\" (e.g. language: en) "
                    + "at the top of the file", line: node.line)
            return
        }
        if translations[defaultLanguage] == nil {
            sink.report(
                path, "has no text in the survey's default language \"\(defaultLanguage)\" (the file's language:)",
                line: node.line)
        }
        let hasLetters = translations.values.contains(where: Self.hasLetters)
        textLanguages.append((path, Set(translations.keys), hasLetters))
    }

    /// Whether a text holds a letter (a prefix "4.1" or a unit "%" needs no translation).
    private static func hasLetters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// The document with each translated text replaced by its text in `language` (else the default's).
    private func rewrite(_ node: SurveyNode, at path: SurveyPath, to language: LanguageTag?) -> SurveyNode {
        var node = node
        switch node.value {
        case .mapping(let entries):
            node.value = .mapping(
                entries.map { entry in
                    let child = path.key(entry.key)
                    if Self.textKeys.contains(entry.key) {
                        return .init(key: entry.key, value: text(entry.value, at: child, in: language))
                    }
                    if Self.textListKeys.contains(entry.key), case .sequence(let items) = entry.value.value {
                        var list = entry.value
                        list.value = .sequence(
                            items.enumerated().map { text($0.element, at: child.index($0.offset), in: language) })
                        return .init(key: entry.key, value: list)
                    }
                    return .init(key: entry.key, value: rewrite(entry.value, at: child, to: language))
                })
        case .sequence(let items):
            node.value = .sequence(
                items.enumerated().map { rewrite($0.element, at: path.index($0.offset), to: language) })
        default:
            break
        }
        return node
    }

    private func text(_ node: SurveyNode, at path: SurveyPath, in language: LanguageTag?) -> SurveyNode {
        guard node.entries != nil, let translations = sites[path] else { return node }
        // Without a default language (reported already), the first text by tag stands in.
        let chosen =
            language.flatMap { translations[$0] } ?? defaultLanguage.flatMap { translations[$0] }
            ?? translations.sorted { $0.key < $1.key }.first?.value
        return SurveyNode(value: chosen.map { .string($0) } ?? node.value, line: node.line)
    }
}
