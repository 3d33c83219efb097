import CareModel
import CareStore
import Foundation
import Testing

@testable import RegimenCommands

/// The consent gate's standing, from the store's records (docs/consent.md, "The gate"): each case the feed and `run`
/// act on, on a real (in-memory) care store.
@Suite("The consent gate: not signed, a new version, withdrawn, open")
struct ConsentGateTests {
    static let documents = ConsentDocumentList(items: [
        .init(task: "onboarding", document: "study-consent", version: "2", isRequired: true),
        .init(task: "demo", document: "demo-consent", version: "1", isRequired: false),
    ])
    static func at(_ day: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(day) * 86_400) }

    static func record(_ version: String, _ decision: ConsentDecision, day: Int, document: String = "study-consent")
        -> ConsentRecord
    {
        ConsentRecord(
            uuid: UUID(), documentID: document, version: version, digest: "d\(version)", language: "en",
            decision: decision, decidedDate: at(day), signatureDate: decision == .consented ? "2026-11-0\(day)" : nil)
    }

    @Test("Nothing signed, or only declined: the consent task must be run; a document that is not required never gates")
    func notSigned() throws {
        let store = try CareStore.inMemory()
        #expect(try ConsentGate.standing(Self.documents, store: store) == .notSigned(task: "onboarding"))
        try store.addConsentRecord(Self.record("2", .declined, day: 1))
        try store.addConsentRecord(Self.record("1", .consented, day: 1, document: "demo-consent"))
        #expect(try ConsentGate.standing(Self.documents, store: store) == .notSigned(task: "onboarding"))
        #expect(Self.documents.isConsentTask("onboarding"), "the consent task itself always runs")
        #expect(!Self.documents.isConsentTask("checkin"))
    }

    @Test("An earlier version signed asks for the current one; signing it opens the study; the old record stays")
    func newVersion() throws {
        let store = try CareStore.inMemory()
        try store.addConsentRecord(Self.record("1", .consented, day: 1))
        #expect(try ConsentGate.standing(Self.documents, store: store) == .newVersion(task: "onboarding", version: "2"))
        try store.addConsentRecord(Self.record("2", .consented, day: 2))
        #expect(try ConsentGate.standing(Self.documents, store: store) == .open)
        #expect(try store.consentRecords(documentID: "study-consent").map(\.version) == ["1", "2"])
    }

    @Test("A withdrawal closes the study with its date and choice; signing again opens it")
    func withdrawal() throws {
        let store = try CareStore.inMemory()
        try store.addConsentRecord(Self.record("2", .consented, day: 1))
        let withdrawn = try store.withdrawConsent(
            documentID: "study-consent", ConsentWithdrawal(date: Self.at(3), by: .participant, data: .remove))
        #expect(withdrawn == 1)
        #expect(
            try ConsentGate.standing(Self.documents, store: store) == .withdrawn(task: "onboarding", date: Self.at(3)))
        #expect(try store.consentRecords().first?.withdrawal?.data == .remove)
        #expect(
            try store.withdrawConsent(
                documentID: "study-consent", ConsentWithdrawal(date: Self.at(4), by: .participant, data: .keep)) == 0,
            "nothing stands to withdraw twice")
        try store.addConsentRecord(Self.record("2", .consented, day: 5))
        #expect(try ConsentGate.standing(Self.documents, store: store) == .open)
    }
}
