import RegimenFoundation
import Yams

/// The languages of one import (docs/fhir-import.md, "Languages"): the language of the questionnaire's own texts and
/// the survey's default language, and each text written with its translations as the survey format holds them.
final class ImportLanguages {
    /// The language of the questionnaire's own texts: its `language`, else `--language`.
    let base: LanguageTag?
    /// The survey's `language:`: `--language`, else the questionnaire's; nil when neither a translation nor
    /// `--language` asks for one.
    let survey: LanguageTag?
    /// Places whose text has none in the survey's language (only when it is not the questionnaire's own).
    private(set) var missing: [String] = []

    /// Reads the questionnaire's `language` and `requested` (`--language`); throws when translations are found and
    /// no language says what the questionnaire's own texts are in.
    init(_ questionnaire: Questionnaire, requested: LanguageTag?, losses: LossList) throws(FHIRImportError) {
        var own: LanguageTag?
        if let written = questionnaire.language {
            own = LanguageTag(written)
            if own == nil || own?.isKnownLanguage == false {
                losses.add(.questionnaire, "the language \"\(written)\" is not a known BCP 47 tag; ignored")
                own = nil
            }
        }
        base = own ?? requested
        guard questionnaire.hasTranslations || requested != nil else {
            survey = nil
            return
        }
        guard base != nil else {
            throw .malformed(
                place: "language",
                problem: "the questionnaire has translations but no language of its own: name the language of its "
                    + "texts with --language TAG")
        }
        survey = requested ?? base
    }

    /// `text` as a survey text: a plain string, or a mapping from language tags to the text in each, the survey's
    /// language first.
    func text(_ text: String?, _ translations: FHIRTranslations, place: String) -> Node? {
        guard let text else { return nil }
        guard let survey, let base else { return YAMLNodes.text(text) }
        var all = translations.texts
        all[base] = text
        if all[survey] == nil {
            if text.unicodeScalars.contains(where: \.properties.isAlphabetic) { missing.append(place) }
            return YAMLNodes.text(text)
        }
        guard all.count > 1 else { return YAMLNodes.text(all[survey]) }
        let order = [survey] + all.keys.filter { $0 != survey }.sorted()
        return YAMLNodes.map(order.map { ($0.description, YAMLNodes.text(all[$0])) }, flow: true)
    }

    /// `prefix` and `text` as one text, in each language either has (the prefix's own text where it has none).
    func text(prefix: String?, _ prefixTranslations: FHIRTranslations, text: String?, _ translations: FHIRTranslations)
        -> (String, FHIRTranslations)?
    {
        guard let prefix else { return text.map { ($0, translations) } }
        guard let text else { return (prefix, prefixTranslations) }
        var joined = FHIRTranslations()
        for language in Set(translations.texts.keys).union(prefixTranslations.texts.keys) {
            joined.texts[language] =
                "\(prefixTranslations.texts[language] ?? prefix) \(translations.texts[language] ?? text)"
        }
        return ("\(prefix) \(text)", joined)
    }
}

extension Questionnaire {
    /// Whether any title, item text, prefix or option text has a translation.
    var hasTranslations: Bool {
        func translated(_ items: [QuestionnaireItem]) -> Bool {
            items.contains { item in
                !item.textTranslations.isEmpty || !item.prefixTranslations.isEmpty
                    || item.answerOptions.contains { !$0.translations.isEmpty } || translated(item.items)
            }
        }
        return !titleTranslations.isEmpty || translated(items)
    }
}
