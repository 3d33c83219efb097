/// Something of a Questionnaire that `regimen survey import` could not carry over, and why (docs/fhir-import.md).
package struct FHIRImportLoss: Sendable, Hashable, CustomStringConvertible {
    /// The part of the questionnaire a loss concerns.
    package enum Subject: Sendable, Hashable {
        /// The questionnaire as a whole (its id, a modifier extension on the root, …).
        case questionnaire
        /// The item with this linkId (as written in the file).
        case item(String)
    }

    /// What the loss concerns.
    package var subject: Subject
    /// Why it could not be converted, e.g. "attachment items cannot be answered in a terminal".
    package var reason: String

    /// Creates a loss.
    package init(_ subject: Subject, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    /// "item LINKID: reason" or "questionnaire: reason" (the file name goes in front when reported).
    package var description: String {
        switch subject {
        case .questionnaire: "questionnaire: \(reason)"
        case .item(let linkId): "item \(linkId): \(reason)"
        }
    }
}
