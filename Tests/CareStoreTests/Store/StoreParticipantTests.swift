import Foundation
import Testing

@testable import CareStore

@Suite("Care store: the participant's enrollment instant")
struct StoreParticipantTests {
    @Test("The first enrollment is kept; later calls return it unchanged", arguments: StoreKind.allCases)
    func enrollmentIsKept(_ kind: StoreKind) throws {
        let store = try kind.make().store
        #expect(try store.enrollmentDate() == nil)
        #expect(try store.enroll(now: Fixture.day(0, hour: 10)) == Fixture.day(0, hour: 10))
        #expect(try store.enroll(now: Fixture.day(5)) == Fixture.day(0, hour: 10))
        #expect(try store.enrollmentDate() == Fixture.day(0, hour: 10))
    }

    @Test("Settings read back what was written last; unknown keys are nil", arguments: StoreKind.allCases)
    func settings(_ kind: StoreKind) throws {
        let store = try kind.make().store
        #expect(try store.setting("catalog") == nil)
        try store.setSetting("catalog", to: "a")
        try store.setSetting("catalog", to: "b")
        #expect(try store.setting("catalog") == "b")
    }
}
