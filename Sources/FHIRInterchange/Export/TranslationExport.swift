import Catalog
import RegimenFoundation

/// A survey's translated texts as FHIR `translation` extensions on the exported Questionnaire (docs/fhir-export.md,
/// "Languages"): on the root's `title` and `description`, each item's `text` and `prefix`, and each answer option's
/// `valueString` or `valueCoding.display`, with the survey's default language as `language`.
enum TranslationExport {
    /// The Questionnaire with `language` and the translation extensions of `languages` added.
    static func apply(_ questionnaire: JSONValue, languages: SurveyLanguages) -> JSONValue {
        guard case .object(var root) = questionnaire else { return questionnaire }
        let byText = languages.translationsByText
        root["language"] = .string(languages.defaultLanguage.description)
        for key in ["title", "description"] { translate(key, in: &root, byText) }
        if case .array(let items)? = root["item"] { root["item"] = .array(items.map { item($0, byText) }) }
        return .object(root)
    }

    private static func item(_ value: JSONValue, _ byText: [String: [LanguageTag: String]]) -> JSONValue {
        guard case .object(var item) = value else { return value }
        for key in ["text", "prefix"] { translate(key, in: &item, byText) }
        if case .array(let options)? = item["answerOption"] {
            item["answerOption"] = .array(
                options.map { option in
                    guard case .object(var members) = option else { return option }
                    translate("valueString", in: &members, byText)
                    if case .object(var coding)? = members["valueCoding"] {
                        translate("display", in: &coding, byText)
                        members["valueCoding"] = .object(coding)
                    }
                    return .object(members)
                })
        }
        if case .array(let children)? = item["item"] { item["item"] = .array(children.map { self.item($0, byText) }) }
        return .object(item)
    }

    /// Adds the translations of `object[key]` to `object["_" + key]`'s extensions, after any it has.
    private static func translate(
        _ key: String, in object: inout JSONObject, _ byText: [String: [LanguageTag: String]]
    ) {
        guard case .string(let text)? = object[key], let translations = byText[text], !translations.isEmpty else {
            return
        }
        var element: JSONObject = [:]
        if case .object(let existing)? = object["_" + key] { element = existing }
        var extensions: [JSONValue] = []
        if case .array(let existing)? = element["extension"] { extensions = existing }
        for (language, content) in translations.sorted(by: { $0.key < $1.key }) {
            extensions.append(
                .object([
                    "url": .string(FHIRTranslations.url),
                    "extension": .array([
                        .object(["url": .string("lang"), "valueCode": .string(language.description)]),
                        .object(["url": .string("content"), "valueString": .string(content)]),
                    ]),
                ]))
        }
        element["extension"] = .array(extensions)
        object["_" + key] = .object(element)
    }
}
