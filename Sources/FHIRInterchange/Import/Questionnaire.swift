/// The part of a FHIR R4 Questionnaire the import reads (docs/fhir-import.md); everything else is ignored.
package struct Questionnaire: Sendable {
    /// `id`.
    package var id: String?
    /// `url`: the canonical.
    package var url: String?
    /// `version`.
    package var version: String?
    /// `name` (machine-friendly).
    package var name: String?
    /// `title` (for people).
    package var title: String?
    /// `status`: draft, active, retired or unknown.
    package var status: String?
    /// `code`: the panel's codings.
    package var codes: [FHIRCoding]
    /// `contained` ValueSets by id (without the `#`).
    package var containedValueSets: [String: [AnswerOption]]
    /// `item`: the top-level items.
    package var items: [QuestionnaireItem]
    /// URLs of `modifierExtension`s on the root.
    package var modifierExtensions: [String]
    /// `extension`s on the root (SDC `variable`s).
    package var extensions: [FHIRExtension] = []
    /// `title`'s translations (`_title`).
    package var titleTranslations: FHIRTranslations = .none
    /// `language`: the language of the questionnaire's own texts, as written.
    package var language: String?
}

/// One `Questionnaire.item`, with its children.
package struct QuestionnaireItem: Sendable {
    /// `linkId` as written.
    package var linkId: String
    /// `type`, e.g. `group`, `choice`.
    package var type: String
    /// `text`.
    package var text: String?
    /// `prefix`, e.g. "1.".
    package var prefix: String?
    /// `code`: the item's codings (LOINC question terms).
    package var codes: [FHIRCoding]
    /// `required`.
    package var required: Bool
    /// `repeats`.
    package var repeats: Bool
    /// `readOnly`.
    package var readOnly: Bool
    /// `maxLength`.
    package var maxLength: Int?
    /// `enableWhen`.
    package var enableWhen: [EnableWhen]
    /// `enableBehavior`: `all` or `any` (nil when absent).
    package var enableBehavior: String?
    /// `answerValueSet`: a canonical, `#id` for a contained ValueSet.
    package var answerValueSet: String?
    /// `answerOption`.
    package var answerOptions: [AnswerOption]
    /// `initial` values.
    package var initial: [FHIRValue]
    /// `extension`s.
    package var extensions: [FHIRExtension]
    /// URLs of `modifierExtension`s.
    package var modifierExtensions: [String]
    /// `item`: the children.
    package var items: [QuestionnaireItem]
    /// The extensions of `_text` (a `cqf-expression` computing the text).
    package var textExtensions: [FHIRExtension] = []
    /// The extensions of `_prefix`.
    package var prefixExtensions: [FHIRExtension] = []
    /// `text`'s translations (`_text`).
    package var textTranslations: FHIRTranslations = .none
    /// `prefix`'s translations (`_prefix`).
    package var prefixTranslations: FHIRTranslations = .none

    /// The value of the first extension with this URL (`http://hl7.org/fhir/StructureDefinition/` may be left out).
    package func extensionValue(_ url: String) -> FHIRValue? {
        extensions.first { $0.matches(url) }?.value
    }

    /// The `questionnaire-unit` coding, if the item has one.
    package var unitCoding: FHIRCoding? {
        if case .coding(let coding) = extensionValue("questionnaire-unit") { coding } else { nil }
    }

    /// The code of the first `questionnaire-itemControl` coding (`slider`, `check-box`, `help`, …).
    package var itemControl: String? {
        guard case .codeableConcept(let codings, _) = extensionValue("questionnaire-itemControl") else { return nil }
        return codings.compactMap(\.code).first
    }
}

/// One `answerOption` or ValueSet concept: the value and its score.
package struct AnswerOption: Sendable, Hashable {
    /// `value[x]`.
    package var value: FHIRValue
    /// The `ordinalValue` (or R5 `itemWeight`) extension's number.
    package var score: Double?
    /// `initialSelected`.
    package var initialSelected: Bool
    /// The translations of the shown text: `valueCoding._display`, or `_valueString`.
    package var translations: FHIRTranslations = .none
}

/// One `enableWhen` condition.
package struct EnableWhen: Sendable, Hashable {
    /// `question`: the linkId it tests.
    package var question: String
    /// `operator`: exists, =, !=, >, <, >=, <=.
    package var comparison: String
    /// `answer[x]`.
    package var answer: FHIRValue
}

/// One `extension`: its URL and value.
package struct FHIRExtension: Sendable, Hashable {
    /// `url`.
    package var url: String
    /// `value[x]` (nil when it has none, e.g. a complex extension).
    package var value: FHIRValue?
    /// A `valueExpression`'s parts (SDC's expression extensions).
    package var expression: ExpressionValue? = nil

    /// Whether the URL is `name`, or ends with `/name`.
    package func matches(_ name: String) -> Bool {
        url == name || url.hasSuffix("/" + name)
    }
}

/// A FHIR `Expression` (the value of SDC's expression extensions): its language and text.
package struct ExpressionValue: Sendable, Hashable {
    /// `name` (a variable's name).
    package var name: String?
    /// `language`: `text/fhirpath`, `text/cql`, ….
    package var language: String?
    /// `expression`: the text (nil when the Expression only names a `reference`).
    package var expression: String?
}
