import CareModel
import Foundation

@testable import StudyDatabase

/// A small study for the reading tests: three participants in Berlin (enrolled before the end of summer time on
/// 2026-10-25), Kathmandu (+05:45) and Chatham (+13:45, withdrawn the day after enrolling); a daily check-in
/// republished at revision 2 (a new version at 09:00 from 2026-10-27 in Berlin), an evening task removed at revision 2,
/// answered, replaced, superseded and missed events. "Now" is 2026-10-28T12:00:00Z.
struct ReadingScenario {
    static let now = date("2026-10-28T12:00:00Z")
    static let checkin = PublishedTask(
        id: "checkin", title: "Check-in", digest: "d1", impactsAdherence: true, scheduleSummary: "daily at 08:00",
        variables: [
            PublishedVariable(
                kind: "pain", type: "integer", label: "How much pain?",
                choices: [.init(value: "0", text: "None"), .init(value: "1", text: "Some")], minimum: 0, maximum: 1),
            PublishedVariable(kind: "sleep", type: "double", label: "Hours slept", units: "h", minimum: 0, maximum: 24),
        ])
    static let evening = PublishedTask(
        id: "evening", title: "Evening", digest: "e1", impactsAdherence: false, scheduleSummary: "daily at 20:00",
        variables: [PublishedVariable(kind: "pain", type: "integer", label: "Pain tonight?")])
    static var checkinWithNote: PublishedTask {
        var task = checkin
        task.digest = "d2"
        task.variables.append(PublishedVariable(kind: "note", type: "text", label: "Anything else?"))
        return task
    }

    var berlin: Participant
    var kathmandu: Participant
    var chatham: Participant

    /// Seeds the scenario.
    static func seed(_ seed: StudySeed) async throws -> ReadingScenario {
        try await seed.publish(revision: 1, tasks: [checkin, evening], at: date("2026-10-20T10:00:00Z"))
        try await seed.publish(revision: 2, tasks: [checkinWithNote], at: date("2026-10-26T10:00:00Z"))

        let berlin = try await seed.enroll("berlin-1", zone: "Europe/Berlin", at: date("2026-10-23T08:00:00Z"))
        let berlinCheckin = try daily("checkin", hour: 8, from: "2026-10-23", berlin)
        var berlinCheckin2 = try daily("checkin", hour: 9, from: "2026-10-27", berlin)
        berlinCheckin2.previousVersionUUID = berlinCheckin.uuid
        var berlinEvening = try daily("evening", hour: 20, from: "2026-10-23", berlin)
        berlinEvening.impactsAdherence = false
        var tombstone = berlinEvening
        tombstone.uuid = UUID()
        tombstone.previousVersionUUID = berlinEvening.uuid
        tombstone.effectiveDate = try midnight("2026-10-27", berlin)
        tombstone.deletedDate = date("2026-10-26T10:00:00Z")
        try await seed.addVersion(berlinCheckin, of: berlin, revision: 1)
        try await seed.addVersion(berlinEvening, of: berlin, revision: 1)
        try await seed.addVersion(berlinCheckin2, of: berlin, revision: 2)
        try await seed.addVersion(tombstone, of: berlin, revision: 2)
        let created = date("2026-10-23T07:00:00Z")
        try await seed.addOutcome(
            berlinCheckin, occurrence: 0, of: berlin, values: [pain(1), sleep(6)], created: created,
            endReason: .replaced,
            syncID: "run-a")
        try await seed.addOutcome(
            berlinCheckin, occurrence: 0, of: berlin, values: [pain(0), sleep(6.5)],
            created: created.addingTimeInterval(3600),
            syncID: "run-a", syncVersion: 2)
        try await seed.addOutcome(
            berlinCheckin, occurrence: 1, of: berlin, values: [pain(1), sleep(7)], created: created)
        try await seed.addOutcome(
            berlinCheckin, occurrence: 2, of: berlin, values: [pain(1)], created: created, endReason: .superseded)
        try await seed.addOutcome(
            berlinCheckin2, occurrence: 0, of: berlin,
            values: [pain(0), sleep(8), OutcomeValue(.text("fine, \"thanks\""), kind: "note", createdDate: created)],
            created: created)
        try await seed.addOutcome(berlinEvening, occurrence: 0, of: berlin, values: [pain(1)], created: created)

        let kathmandu = try await seed.enroll("kathmandu", zone: "Asia/Kathmandu", at: date("2026-10-25T00:15:00Z"))
        let kathmanduCheckin = try daily("checkin", hour: 8, from: "2026-10-25", kathmandu)
        try await seed.addVersion(kathmanduCheckin, of: kathmandu, revision: 1)
        for occurrence in 0...2 {
            try await seed.addOutcome(
                kathmanduCheckin, occurrence: occurrence, of: kathmandu, values: [pain(0)], created: created)
        }

        let chatham = try await seed.enroll(
            "chatham", zone: "Pacific/Chatham", at: date("2026-10-26T19:15:00Z"),
            withdrawn: date("2026-10-27T16:15:00Z"))
        let chathamCheckin = try daily("checkin", hour: 8, from: "2026-10-27", chatham)
        try await seed.addVersion(chathamCheckin, of: chatham, revision: 2)
        try await seed.addOutcome(
            chathamCheckin, occurrence: 0, of: chatham, values: [pain(1), sleep(5)], created: created)
        return ReadingScenario(berlin: berlin, kathmandu: kathmandu, chatham: chatham)
    }

    static func pain(_ value: Int) -> OutcomeValue {
        OutcomeValue(.integer(value), kind: "pain", createdDate: date("2026-10-23T07:00:00Z"))
    }

    static func sleep(_ hours: Double) -> OutcomeValue {
        OutcomeValue(.double(hours), kind: "sleep", units: "h", createdDate: date("2026-10-23T07:00:00Z"))
    }

    /// A daily task at `hour`:00 local from local day `day`, effective at that day's midnight.
    static func daily(_ id: String, hour: Int, from day: String, _ participant: Participant) throws -> CareTask {
        let start = try midnight(day, participant)
        return CareTask(
            id: id, title: id,
            schedule: try Schedule.dailyAtTime(
                hour: hour, minute: 0, start: start, end: nil, text: nil, calendar: participant.calendar),
            effectiveDate: start)
    }

    static func midnight(_ day: String, _ participant: Participant) throws -> Date {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        return participant.calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
