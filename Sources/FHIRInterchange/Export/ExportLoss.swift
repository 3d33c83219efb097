/// Something a survey holds that a FHIR Questionnaire cannot: the export goes on without it and says so
/// (docs/fhir-export.md, "What a Questionnaire cannot hold").
package enum ExportLoss: Sendable, Hashable, CustomStringConvertible {
    /// A step kind FHIR has no item for (a range-of-motion measurement, a consent review): the step is left out.
    case stepLeftOut(step: String, kind: String)
    /// A navigation rule after the step: FHIR only enables or disables items, it never jumps.
    case navigationRule(after: String)
    /// A skip or enabled-when condition that enableWhen cannot say (mixed all/any, a pattern, "I don't know"…).
    case condition(item: String, reason: String)
    /// A part of an answer format FHIR has no element for.
    case formatDetail(item: String, detail: String)
    /// An expression (or piped text) SDC has no extension for: what is lost.
    case expression(item: String, detail: String)
    /// A `score:` outcome: FHIR has no place for its rule (docs/fhir-export.md, "Expressions").
    case scoreOutcome(kind: String)

    /// The loss as one line: `item ID: what is lost`.
    package var description: String {
        switch self {
        case .stepLeftOut(let step, let kind): "step \(step): a \(kind) step has no FHIR item; left out"
        case .navigationRule(let step):
            "step \(step): navigation rules have no FHIR form (enableWhen only enables items); left out"
        case .condition(let item, let reason):
            "item \(item): its condition cannot be written as enableWhen (\(reason)); left out"
        case .formatDetail(let item, let detail): "item \(item): \(detail) has no FHIR element; left out"
        case .expression(let item, let detail): "item \(item): \(detail)"
        case .scoreOutcome(let kind):
            "outcome \(kind): a score expression reads %items, %answered and %itemCount under its missing-items rule, which a Questionnaire has no place for; left out"
        }
    }
}
