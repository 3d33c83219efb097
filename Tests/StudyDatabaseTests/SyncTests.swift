import CareModel
import Foundation
import PostgresNIO
import Testing

@testable import StudyDatabase

/// Devices and sync against the real test server (docs/study-sync.md): one-time enrollment codes, pushes decided by
/// the conflict rule and logged, replays recognized, diverged stores refused, and pulls in pages that see every row
/// once, in server order.
@Suite(.enabled(if: TestServer.isAvailable, TestServer.skipReason)) struct SyncTests {
    static let now = IngestSeed.day(30)

    /// A seeded study whose participant has two devices, and `body` run with their ids.
    static func withDevices(_ body: (IngestSeed, UUID, UUID) async throws -> Void) async throws {
        try await IngestSeed.with { _, seed in
            // The seed writes its task version as number 1 with plain SQL: the participant's counter follows.
            try await seed.study.connection.execute("UPDATE participant SET server_seq = 1", "align the counter")
            let first = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            let second = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            let a = try await seed.study.enrollDeviceWithToken(code: first.code, requiring: nil).0
            let b = try await seed.study.enrollDeviceWithToken(code: second.code, requiring: nil).0
            #expect(a.participant.id == seed.participant.id && b.participant.id == seed.participant.id)
            try await body(seed, a.deviceID, b.deviceID)
        }
    }

    /// An answer to occurrence `day` (the event on that day, 08:00–09:00 Berlin) whose run ended at `hour`.
    static func answer(_ seed: IngestSeed, day: Int, hour: Double, pain: Int, id: String? = nil, sync: String? = nil)
        -> Outcome
    {
        let end = IngestSeed.day(day).addingTimeInterval(hour * 3600)
        let uuid = UUID()
        var outcome = Outcome(
            uuid: uuid, id: id ?? uuid.uuidString, taskVersionUUID: seed.taskVersion, occurrence: day,
            values: [OutcomeValue(.integer(pain), kind: "checkin.form.pain", createdDate: end)], createdDate: end,
            taskRunUUID: UUID(), eventStart: IngestSeed.day(day).addingTimeInterval(8 * 3600),
            eventEnd: IngestSeed.day(day).addingTimeInterval(9 * 3600))
        if let sync { outcome.syncID = sync }
        outcome.runEndDate = end
        return outcome
    }

    /// Every page from `anchor` on with `limit` rows each, and the anchors after each page.
    static func pullAll(_ study: StudyDatabase, device: UUID, limit: Int, from anchor: Int64 = 0) async throws -> (
        rows: [PulledRow], anchors: [Int64]
    ) {
        var rows: [PulledRow] = []
        var anchors: [Int64] = []
        var anchor = anchor
        while true {
            let page = try await study.pull(deviceID: device, after: anchor, limit: limit)
            if page.rows.isEmpty {
                #expect(page.anchor == anchor)
                break
            }
            #expect(page.rows.count <= limit)
            rows += page.rows
            anchor = page.anchor
            anchors.append(anchor)
        }
        return (rows, anchors)
    }

    /// The outcome versions among `rows`, by uuid (the last state pulled wins).
    static func outcomes(_ rows: [PulledRow]) -> [UUID: Outcome] {
        var result: [UUID: Outcome] = [:]
        for case .outcome(let outcome) in rows { result[outcome.uuid] = outcome }
        return result
    }

    @Test func aCodeEnrollsOneDeviceOnceAndNothingElse() async throws {
        try await IngestSeed.with { _, seed in
            let issued = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            // Valid for 14 days by the server's clock, whatever the researcher's machine says.
            #expect(abs(issued.expiresAt.timeIntervalSinceNow - StudyDatabase.enrollmentCodeLifetime) < 600)
            // Typed back in lower case with spaces, O for 0 and L for 1, it is the same code.
            let typed = issued.code.description.lowercased().replacingOccurrences(of: "-", with: " ")
                .replacingOccurrences(of: "0", with: "o").replacingOccurrences(of: "1", with: "l")
            #expect(EnrollmentCode(typed: typed) == issued.code)
            #expect(
                EnrollmentCode(typed: "ABCDE") == nil && EnrollmentCode(typed: issued.code.description + "U") == nil)
            // Expired: refused, and still unused.
            try await seed.study.connection.execute(
                "UPDATE enrolment_code SET expires_at = now() - interval '1 second'", "let the code expire")
            await #expect(throws: StudyDatabaseError.enrollmentCodeInvalid) {
                try await seed.study.enrollDeviceWithToken(code: issued.code, requiring: nil).0
            }
            try await seed.study.connection.execute(
                "UPDATE enrolment_code SET expires_at = now() + interval '1 day'", "make it valid again")
            let device = try await seed.study.enrollDeviceWithToken(code: issued.code, requiring: nil).0
            #expect(device.studyID == "trial" && device.participant.label == IngestSeed.label)
            // Used: refused; an unknown code too.
            await #expect(throws: StudyDatabaseError.enrollmentCodeInvalid) {
                try await seed.study.enrollDeviceWithToken(code: issued.code, requiring: nil).0
            }
            await #expect(throws: StudyDatabaseError.enrollmentCodeInvalid) {
                try await seed.study.enrollDeviceWithToken(code: .random(), requiring: nil).0
            }
            // A code of this participant for a store that belongs to someone else is refused and stays unused.
            let other = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            await #expect(throws: StudyDatabaseError.enrollmentCodeInvalid) {
                try await seed.study.enrollDeviceWithToken(code: other.code, requiring: UUID()).0
            }
            _ = try await seed.study.enrollDeviceWithToken(code: other.code, requiring: seed.participant.id).0
            // Only digests are stored.
            #expect(
                try await seed.count(
                    "SELECT count(*)::int FROM enrolment_code WHERE code_digest = \(issued.code.characters)") == 0)
            #expect(try await seed.study.devices(label: IngestSeed.label).count == 2)
        }
    }

    @Test func aWithdrawnParticipantGetsNoCodeAndTheirCodeEnrollsNothing() async throws {
        try await IngestSeed.with { _, seed in
            let issued = try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            _ = try await seed.study.withdraw(label: IngestSeed.label, now: Self.now)
            await #expect(throws: StudyDatabaseError.self) {
                try await seed.study.enrollDeviceWithToken(code: issued.code, requiring: nil).0
            }
            await #expect(throws: StudyDatabaseError.self) {
                try await seed.study.issueEnrollmentCode(label: IngestSeed.label)
            }
            #expect(try await seed.count("SELECT count(*)::int FROM device") == 0)
        }
    }

    @Test func twoDevicesAnswerOneEventTheLaterRunHoldsItInEitherPushOrder() async throws {
        for aFirst in [true, false] {
            try await Self.withDevices { seed, a, b in
                let early = Self.answer(seed, day: 3, hour: 8.1, pain: 4)
                let late = Self.answer(seed, day: 3, hour: 8.4, pain: 6)
                let pushes = [(a, early), (b, late)]
                var logged: [OutcomeMerge.Conflict] = []
                for (device, outcome) in aFirst ? pushes : pushes.reversed() {
                    let report = try await seed.study.push(
                        [DeviceChange(localSeq: 1, kind: .version(outcome))], deviceID: device, outboxEnd: 1_000_000,
                        deviceNow: Self.now)
                    #expect(report.acknowledged == 1 && report.applied == 1)
                    logged += report.conflicts
                }
                #expect(logged == [OutcomeMerge.Conflict(rule: .sameEvent, winner: late.uuid, loser: early.uuid)])
                // Both devices pull the same states, values included.
                for device in [a, b] {
                    let pulled = Self.outcomes(try await Self.pullAll(seed.study, device: device, limit: 10).rows)
                    #expect(pulled[late.uuid]?.deletedDate == nil)
                    #expect(pulled[early.uuid]?.endReason == .superseded)
                    #expect(pulled[late.uuid]?.values == late.values)
                }
                let conflicts = try await seed.study.conflicts(label: nil)
                #expect(conflicts.map(\.rule) == ["same-event"])
                #expect(conflicts.first?.taskID == IngestSeed.taskID && conflicts.first?.occurrence == 3)
                #expect(try await seed.count("SELECT count(*)::int FROM outcome WHERE ended_at IS NULL") == 1)
            }
        }
    }

    /// Issue 49, "Errors never vanish": a stored row the code cannot read is an error naming it, never a row read as
    /// something else (an unknown end reason used to read as a live outcome) or dropped.
    @Test func anOutcomeRowThatCannotBeReadIsAnErrorNotALiveOutcome() async throws {
        try await Self.withDevices { seed, a, _ in
            let answer = Self.answer(seed, day: 3, hour: 8.1, pain: 4)
            _ = try await seed.study.push(
                [DeviceChange(localSeq: 1, kind: .version(answer))], deviceID: a, outboxEnd: 1, deviceNow: Self.now)
            // As the database's owner would, by hand: a reason this version of Regimen does not know.
            try await seed.study.connection.execute(
                "ALTER TABLE outcome DROP CONSTRAINT IF EXISTS outcome_end_reason_check", "drop the check")
            try await seed.study.connection.execute(
                "UPDATE outcome SET ended_at = now(), end_reason = 'archived' WHERE uuid = \(answer.uuid)", "end it")
            await #expect(
                throws: StudyDatabaseError.corruptRow(what: "outcome \(answer.uuid)", reason: "unknown end reason")
            ) {
                _ = try await Self.pullAll(seed.study, device: a, limit: 10)
            }
        }
    }

    @Test func aReplayedPushChangesNothingAndADivergedOneIsRefusedWhole() async throws {
        try await Self.withDevices { seed, a, _ in
            let first = Self.answer(seed, day: 1, hour: 8.5, pain: 3)
            let second = Self.answer(seed, day: 2, hour: 8.5, pain: 5)
            let changes = [
                DeviceChange(localSeq: 1, kind: .version(first)), DeviceChange(localSeq: 2, kind: .version(second)),
                DeviceChange(
                    localSeq: 3, kind: .delete(uuid: first.uuid, at: IngestSeed.day(1).addingTimeInterval(10 * 3600))),
            ]
            _ = try await seed.study.push(changes, deviceID: a, outboxEnd: 1_000_000, deviceNow: Self.now)
            let rows = try await seed.rows()
            // The answer to the push was lost: the device sends the same changes again, and one more.
            let third = Self.answer(seed, day: 4, hour: 8.5, pain: 6)
            let again = try await seed.study.push(
                changes + [DeviceChange(localSeq: 4, kind: .version(third))], deviceID: a, outboxEnd: 1_000_000,
                deviceNow: Self.now)
            #expect(again.applied == 1 && again.acknowledged == 4)
            #expect(try await seed.rows().count == rows.count + 1)
            #expect(try await seed.rows().filter { $0.occurrence == 1 }.map(\.endReason) == ["deleted"])
            // A copy of the store made before change 4 makes its own change 4: refused, nothing stored.
            let copy = Self.answer(seed, day: 5, hour: 8.5, pain: 2)
            await #expect(throws: StudyDatabaseError.storeDiverged(deviceID: a, localSeq: 4)) {
                try await seed.study.push(
                    [DeviceChange(localSeq: 4, kind: .version(copy)), DeviceChange(localSeq: 5, kind: .version(copy))],
                    deviceID: a, outboxEnd: 1_000_000, deviceNow: Self.now)
            }
            #expect(try await seed.rows().count == rows.count + 1)
            // Unknown devices, task versions and deleted outcomes are refused.
            await #expect(
                throws: StudyDatabaseError.deviceUnknown(
                    deviceID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
            ) {
                try await seed.study.push(
                    [], deviceID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, outboxEnd: 0,
                    deviceNow: Self.now)
            }
            var stray = Self.answer(seed, day: 6, hour: 8.5, pain: 1)
            stray.taskVersionUUID = UUID()
            await #expect(throws: StudyDatabaseError.unknownTaskVersion(stray.taskVersionUUID)) {
                try await seed.study.push(
                    [DeviceChange(localSeq: 5, kind: .version(stray))], deviceID: a, outboxEnd: 1_000_000,
                    deviceNow: Self.now)
            }
            let missing = UUID()
            await #expect(throws: StudyDatabaseError.unknownOutcome(missing)) {
                try await seed.study.push(
                    [DeviceChange(localSeq: 5, kind: .delete(uuid: missing, at: Self.now))], deviceID: a,
                    outboxEnd: 1_000_000, deviceNow: Self.now)
            }
            #expect(try await seed.count("SELECT acked_local_seq::int FROM device WHERE id = \(a)") == 4)
            // A store restored from a backup whose outbox ends at 2 (the server acknowledged 4): refused, so that its
            // next changes, numbered 3 and 4 again, are not taken for the ones the server has.
            await #expect(throws: StudyDatabaseError.storeDiverged(deviceID: a, localSeq: 3)) {
                try await seed.study.push([], deviceID: a, outboxEnd: 2, deviceNow: Self.now)
            }
        }
    }

    @Test func moreRowsThanAPageArePulledInPagesEachOnceInServerOrder() async throws {
        try await Self.withDevices { seed, a, b in
            // 1,200 answers pushed in pages of 500, as `regimen sync` sends them.
            let answers = (0..<1_200).map { Self.answer(seed, day: $0, hour: 8.5, pain: $0 % 10 + 1) }
            let changes = answers.enumerated().map {
                DeviceChange(localSeq: Int64($0.offset + 1), kind: .version($0.element))
            }
            for start in stride(from: 0, to: changes.count, by: 500) {
                _ = try await seed.study.push(
                    Array(changes[start..<min(start + 500, changes.count)]), deviceID: a, outboxEnd: 1_000_000,
                    deviceNow: Self.now)
            }
            let (rows, anchors) = try await Self.pullAll(seed.study, device: b, limit: 500)
            #expect(anchors == [500, 1_000, 1_201])
            #expect(rows.count == 1_201)
            if case .task(let task) = rows.first {
                #expect(task.uuid == seed.taskVersion)
            } else {
                Issue.record("no task version first")
            }
            let pulled = Self.outcomes(rows)
            #expect(pulled.count == 1_200 && Set(pulled.keys) == Set(answers.map(\.uuid)))
            #expect(pulled.values.allSatisfy { $0.deletedDate == nil && $0.values.count == 1 })
            // From the last anchor there is nothing new; a change after it is all the next pull brings.
            let delete = DeviceChange(localSeq: 1_201, kind: .delete(uuid: answers[7].uuid, at: Self.now))
            _ = try await seed.study.push([delete], deviceID: a, outboxEnd: 1_000_000, deviceNow: Self.now)
            let next = try await Self.pullAll(seed.study, device: b, limit: 500, from: 1_201)
            #expect(Self.outcomes(next.rows).map(\.value.endReason) == [.deleted] && next.anchors == [1_202])
        }
    }

    @Test func rowsThatStudyIngestEndsAreNumberedAgainSoDevicesPullTheChange() async throws {
        try await Self.withDevices { seed, a, _ in
            _ = try await seed.study.ingest([IngestSeed.item("file", day: 2)], for: seed.participant)
            let before = try await Self.pullAll(seed.study, device: a, limit: 100)
            let anchor = try #require(before.anchors.last)
            _ = try await seed.study.ingest(
                [IngestSeed.item("file", day: 2, version: 2, pain: 8)], for: seed.participant)
            let after = Self.outcomes(try await Self.pullAll(seed.study, device: a, limit: 100, from: anchor).rows)
            #expect(after.values.map(\.syncVersion).sorted() == [1, 2])
            #expect(after.values.first { $0.syncVersion == 1 }?.endReason == .replaced)
        }
    }

    @Test func theDeviceClockOffsetIsRecordedAtEachSync() async throws {
        try await Self.withDevices { seed, a, _ in
            let report = try await seed.study.push(
                [], deviceID: a, outboxEnd: 0, deviceNow: Date().addingTimeInterval(-86_400))
            let offset = try #require(report.clockOffsetMilliseconds)
            #expect(abs(offset + 86_400_000) < 60_000)
            let devices = try await seed.study.devices(label: IngestSeed.label)
            #expect(devices.first { $0.id == a }?.clockOffsetMilliseconds == offset)
            #expect(devices.first { $0.id == a }?.lastSyncAt != nil)
            // An imported bundle measures nothing: its clock reading is as old as the file. The offset stays.
            let imported = try await seed.study.push([], deviceID: a, outboxEnd: 0, deviceNow: nil)
            #expect(imported.clockOffsetMilliseconds == nil)
            #expect(
                try await seed.study.devices(label: IngestSeed.label).first { $0.id == a }?.clockOffsetMilliseconds
                    == offset)
        }
    }
}
