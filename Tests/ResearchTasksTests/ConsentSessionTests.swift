import Foundation
import RegimenFoundation
import Testing

@testable import ResearchTasks

@Suite("The consent run: sections, comprehension, name, agreement, decline (docs/consent.md, \"The consent run\")")
struct ConsentSessionTests {
    static let start = Date(timeIntervalSince1970: 1_763_769_600)  // 2025-11-22T00:00:00Z
    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    static let content = ConsentReviewContent(
        sections: [
            ConsentSection(title: "What you will do", content: "Answer a check-in."),
            ConsentSection(title: "Stopping", content: "You may stop at any time."),
        ],
        reasonForConsent: "I agree to take part.",
        document: ConsentDocument(
            identifier: "study-consent", version: "2", effectiveDate: "2025-11-01", title: "Consent", language: "en",
            withdrawalChoices: [.keep, .remove]),
        questions: [
            ComprehensionQuestion(text: "Can you stop?", choices: ["No", "Yes"], correctChoice: 1, section: 1)
        ])

    static func session() -> TaskSession {
        TaskSession(
            task: OrderedTask(
                identifier: "onboarding",
                steps: [
                    Step(identifier: "consent", title: "Consent", content: .consentReview(content)),
                    Step(identifier: "done", content: .completion(InstructionContent())),
                ]),
            taskRunUUID: UUID(), startDate: start, timeZone: TimeZone(secondsFromGMT: 9 * 3600)!)
    }

    static func stage(_ session: TaskSession) -> ConsentStage? {
        if case .consent(let page)? = session.prompt?.item { return page.stage }
        return nil
    }

    @Test(
        "Each section is a page; a wrong answer shows its section again, then the question; the signature names it all")
    func signs() throws {
        var session = Self.session()
        #expect(Self.stage(session) == .section(0))
        #expect(session.prompt?.canGoBack == false)
        try session.submit(.noAnswer, at: Self.at(1))
        #expect(Self.stage(session) == .section(1))
        try session.submit(.back, at: Self.at(2))
        #expect(Self.stage(session) == .section(0))
        try session.submit(.noAnswer, at: Self.at(3))
        try session.submit(.noAnswer, at: Self.at(4))
        #expect(Self.stage(session) == .question(0))
        #expect(throws: SessionError.inputDoesNotFit(stepIdentifier: "consent", expected: "one of the choices")) {
            try session.submit(.consentChoice(5), at: Self.at(5))
        }
        try session.submit(.consentChoice(0), at: Self.at(5))
        guard case .consent(let again)? = session.prompt?.item else { throw Failure.noPrompt }
        #expect(again.stage == .section(1))
        #expect(again.isShownAgain)
        try session.submit(.noAnswer, at: Self.at(6))
        #expect(Self.stage(session) == .question(0))
        try session.submit(.consentChoice(1), at: Self.at(7))
        #expect(Self.stage(session) == .givenName)
        #expect(throws: SessionError.answerRequired(stepIdentifier: "consent", itemIdentifier: nil)) {
            try session.submit(.consentName("  "), at: Self.at(8))
        }
        try session.submit(.consentName(" Hanako "), at: Self.at(8))
        try session.submit(.consentName("Yamada"), at: Self.at(9))
        #expect(Self.stage(session) == .agreement)
        try session.submit(.consent(true), at: Self.at(10))
        #expect(session.isFinished == false)
        let consent = try #require(Self.consent(in: session.result(endDate: Self.at(10))))
        #expect(consent.consented)
        // The day in the participant's zone (UTC+9): 2025-11-22 09:00 there.
        #expect(
            consent.signature
                == ConsentSignature(
                    identifier: "consent", givenName: "Hanako", familyName: "Yamada", signatureDate: "2025-11-22"))
        #expect(
            consent.document
                == ConsentDocumentReference(
                    identifier: "study-consent", version: "2", digest: Self.content.digest, language: "en"))
    }

    @Test("No at the agreement ends the run with a decline that keeps no name")
    func declines() throws {
        var session = Self.session()
        for _ in 0..<2 { try session.submit(.noAnswer, at: Self.at(1)) }
        try session.submit(.consentChoice(1), at: Self.at(2))
        try session.submit(.consentName("Hanako"), at: Self.at(3))
        try session.submit(.consentName("Yamada"), at: Self.at(4))
        try session.submit(.consent(false), at: Self.at(5))
        #expect(session.isFinished)
        let result = session.result(endDate: Self.at(5))
        #expect(result.results.map(\.identifier) == ["consent"])
        let consent = try #require(Self.consent(in: result))
        #expect(!consent.consented)
        #expect(consent.signature == nil)
        #expect(consent.document?.version == "2")
    }

    @Test("The digest is the SHA-256 of exactly the document text: title, identity line, sections, statement")
    func digest() {
        let text = Self.content.documentText
        #expect(
            text
                == "Consent\nstudy-consent 2 (2025-11-01)\n\nWhat you will do\nAnswer a check-in.\n\nStopping\n"
                + "You may stop at any time.\n\nI agree to take part.\n")
        // Python's hashlib.sha256 of that text, worked out independently.
        #expect(Self.content.digest == "742471c58b38165fc41126c19a33c1c4d5dd9994c7e0d9011a9d535d399ff0bb")
        var changed = Self.content
        changed.sections[1].content = "You may stop at the end."
        #expect(changed.digest != Self.content.digest)
    }

    @Test("The result is written in ResearchKit's shape with the document keys, and read back equal")
    func codec() throws {
        var session = Self.session()
        for _ in 0..<2 { try session.submit(.noAnswer, at: Self.at(1)) }
        try session.submit(.consentChoice(1), at: Self.at(2))
        try session.submit(.consentName("Hanako"), at: Self.at(3))
        try session.submit(.consentName("Yamada"), at: Self.at(4))
        try session.submit(.consent(true), at: Self.at(5))
        let result = session.result(endDate: Self.at(5))
        let json = ResultTreeEncoder(timeZone: TimeZone(identifier: "UTC")!).json(for: result)
        guard case .object(let task) = json, case .array(let steps)? = task["results"],
            case .object(let step)? = steps.first, case .array(let children)? = step["results"],
            case .object(let consent)? = children.first, case .object(let signature)? = consent["signature"]
        else { throw Failure.noPrompt }
        #expect(consent["_class"] == .string("ORKConsentSignatureResult"))
        #expect(consent["documentIdentifier"] == .string("study-consent"))
        #expect(consent["documentVersion"] == .string("2"))
        #expect(consent["documentDigest"] == .string(Self.content.digest))
        #expect(signature["_class"] == .string("ORKConsentSignature"))
        #expect(signature["givenName"] == .string("Hanako"))
        #expect(signature["signatureDate"] == .string("2025-11-22"))
        #expect(signature["signatureDateFormatString"] == .string("yyyy-MM-dd"))
        let read = try ResultTreeDecoder().taskResult(from: json)
        #expect(Self.consent(in: read) == Self.consent(in: result))
    }

    static func consent(in result: TaskResult) -> ConsentSignatureResult? {
        for step in result.results {
            for child in step.results { if case .consentSignature(let consent) = child { return consent } }
        }
        return nil
    }

    enum Failure: Error { case noPrompt }
}
