/// `_class` names of the serializer (docs/researchkit-results.md, "Result classes and their keys").
package enum ResultClassName {
    static let task = "ORKTaskResult"
    /// `ORKPageResult`, a subclass of `ORKTaskResult` (same keys).
    static let page = "ORKPageResult"
    /// Classes a result file's root may have.
    static let taskClasses: Set<String> = [task, page]
    static let step = "ORKStepResult"
    static let device = "ORKDevice"
    static let dontKnow = "ORKDontKnowAnswer"
    static let rangeOfMotion = "ORKRangeOfMotionResult"
    static let file = "ORKFileResult"
    static let consentSignature = "ORKConsentSignatureResult"
    /// The signature object inside a consent result.
    static let consentSignatureDetails = "ORKConsentSignature"
}
