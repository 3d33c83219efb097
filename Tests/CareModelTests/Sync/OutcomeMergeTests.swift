import Foundation
import RegimenFoundation
import Testing

@testable import CareModel

/// The sync conflict rule (docs/study-sync.md, "The conflict rule"): each decision, and that the states it gives do
/// not depend on the order, grouping or repetition in which versions and deletions arrive.
@Suite("Sync: the outcome conflict rule")
struct OutcomeMergeTests {
    static let task = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!
    static let base = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A version answering occurrence `occurrence`, its run ended `minutes` after `base`.
    static func version(
        _ uuid: UUID = UUID(), id: String? = nil, occurrence: Int = 0, minutes: Double, sync: String? = nil,
        syncVersion: Int = 1
    ) -> Outcome {
        let end = base.addingTimeInterval(minutes * 60)
        var outcome = Outcome(
            uuid: uuid, id: id ?? uuid.uuidString, taskVersionUUID: task, occurrence: occurrence, values: [],
            createdDate: end, eventStart: base, eventEnd: base.addingTimeInterval(3600))
        outcome.syncID = sync
        outcome.syncVersion = syncVersion
        outcome.runEndDate = end
        return outcome
    }

    /// Every version's state after adding `outcomes` and deleting `deletions` at once.
    static func states(_ outcomes: [Outcome], deleting deletions: [UUID: Date] = [:]) -> (
        [UUID: OutcomeMerge.State], [OutcomeMerge.Conflict]
    ) {
        var merge = OutcomeMerge(stored: [])
        for outcome in outcomes { merge.add(outcome) }
        for (uuid, at) in deletions { merge.delete(uuid, at: at) }
        return merge.resolve(merge.neighborhood(of: outcomes.map(\.uuid)))
    }

    @Test(
        "two answers to one event: the run that ended later holds it, in either order; the other is superseded and logged"
    )
    func laterRunHoldsTheEvent() {
        let early = Self.version(minutes: 10)
        let late = Self.version(minutes: 20)
        for order in [[early, late], [late, early]] {
            let (states, conflicts) = Self.states(order)
            #expect(states[late.uuid] == .live)
            #expect(states[early.uuid]?.reason == .superseded)
            #expect(conflicts == [OutcomeMerge.Conflict(rule: .sameEvent, winner: late.uuid, loser: early.uuid)])
        }
    }

    @Test(
        "one sync identifier: the higher version is current, the lower replaced; an equal version is a duplicate kept as superseded"
    )
    func syncVersions() {
        let one = Self.version(minutes: 10, sync: "run-1")
        let two = Self.version(id: one.id, minutes: 10, sync: "run-1", syncVersion: 2)
        let (states, conflicts) = Self.states([two, one])
        #expect(states[two.uuid] == .live)
        #expect(states[one.uuid]?.reason == .replaced)
        #expect(conflicts.isEmpty)

        let a = Self.version(UUID(uuidString: "10000000-0000-0000-0000-000000000000")!, minutes: 10, sync: "file")
        let b = Self.version(UUID(uuidString: "20000000-0000-0000-0000-000000000000")!, minutes: 10, sync: "file")
        let (duplicates, logged) = Self.states([b, a])
        #expect(duplicates[a.uuid] == .live)
        #expect(duplicates[b.uuid]?.reason == .superseded)
        #expect(logged.map(\.rule) == [.sameSyncVersion])
    }

    @Test(
        "an edit concurrent with a delete wins in either order; the deleted version counts as replaced and the overruled deletion is logged"
    )
    func editWinsOverDelete() {
        let first = Self.version(minutes: 10)
        let edit = Self.version(id: first.id, minutes: 30)
        let deleted = Self.base.addingTimeInterval(25 * 60)
        // Delete first, then the edit arrives…
        var merge = OutcomeMerge(stored: [])
        merge.add(first)
        merge.delete(first.uuid, at: deleted)
        merge.add(edit)
        let (a, conflictsA) = merge.resolve(merge.neighborhood(of: [edit.uuid]))
        // …or the edit first, then the delete.
        var other = OutcomeMerge(stored: [])
        other.add(first)
        other.add(edit)
        other.delete(first.uuid, at: deleted)
        let (b, conflictsB) = other.resolve(other.neighborhood(of: [first.uuid]))
        #expect(a == b)
        #expect(a[edit.uuid] == .live)
        #expect(a[first.uuid]?.reason == .replaced)
        #expect(conflictsA == conflictsB)
        #expect(conflictsA.map(\.rule) == [.editOverDelete])
    }

    @Test("a deleted answer frees its event: the superseded one comes back, whichever arrived first")
    func deletionFreesTheEvent() {
        let early = Self.version(minutes: 10)
        let late = Self.version(minutes: 20)
        let (states, _) = Self.states([early, late], deleting: [late.uuid: Self.base.addingTimeInterval(3000)])
        #expect(states[late.uuid]?.reason == .deleted)
        #expect(states[early.uuid] == .live)
    }

    @Test("a known uuid is not added twice and a deletion of an unknown one is refused")
    func knownAndUnknown() {
        var merge = OutcomeMerge(stored: [])
        let outcome = Self.version(minutes: 5)
        let first = merge.add(outcome)
        let second = merge.add(outcome)
        let unknown = merge.delete(UUID(), at: Self.base)
        #expect(first && !second && !unknown)
    }

    /// A random history: versions over three events, sharing ids and sync identifiers, and some deletions.
    static func randomHistory(_ generator: inout some RandomNumberGenerator) -> (
        versions: [Outcome], deletions: [(UUID, Date)]
    ) {
        var versions: [Outcome] = []
        for _ in 0..<Int.random(in: 2...9, using: &generator) {
            let earlier = versions.randomElement(using: &generator)
            let sameID = earlier != nil && Bool.random(using: &generator)
            let sameSync = earlier != nil && Int.random(in: 0..<4, using: &generator) == 0
            var outcome = version(
                UUID(), id: sameID ? earlier?.id : nil, occurrence: Int.random(in: 0..<3, using: &generator),
                minutes: Double(Int.random(in: 0..<6, using: &generator) * 10),
                sync: sameSync
                    ? earlier.map(OutcomeMerge.syncKey) : ["s1", "s2", nil, nil].randomElement(using: &generator)!,
                syncVersion: Int.random(in: 1...2, using: &generator))
            if sameID, let earlier { outcome.occurrence = earlier.occurrence }
            versions.append(outcome)
        }
        let deletions = versions.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            .map { ($0.uuid, base.addingTimeInterval(Double(Int.random(in: 1...100, using: &generator)) * 60)) }
        return (versions, deletions)
    }

    /// Applies `steps` in groups, storing the states after each group and starting the next from the stored rows,
    /// as the server does push after push; returns every version's final state.
    static func applyInGroups(_ steps: [Step], groups: [Int]) -> [UUID: OutcomeMerge.State] {
        var stored: [UUID: Outcome] = [:]
        // Deletions are kept apart from the states, as the server keeps them (device_change).
        var deletions: [UUID: Date] = [:]
        var start = 0
        for size in groups + [steps.count] {
            let end = min(steps.count, start + size)
            guard start < end else { continue }
            var merge = OutcomeMerge(stored: Array(stored.values), deletions: deletions)
            var touched: [UUID] = []
            for step in steps[start..<end] {
                switch step {
                case .add(let outcome): merge.add(outcome)
                case .delete(let uuid, let at):
                    merge.delete(uuid, at: at)
                    deletions[uuid] = min(at, deletions[uuid] ?? at)
                }
                touched.append(step.uuid)
            }
            for uuid in touched where stored[uuid] == nil { stored[uuid] = merge.version(uuid) }
            let (states, _) = merge.resolve(merge.neighborhood(of: touched))
            for (uuid, state) in states {
                stored[uuid]?.deletedDate = state.endedAt
                stored[uuid]?.endReason = state.reason
            }
            start = end
        }
        return stored.mapValues { OutcomeMerge.State(endedAt: $0.deletedDate, reason: $0.endReason) }
    }

    enum Step {
        case add(Outcome)
        case delete(UUID, Date)

        var uuid: UUID {
            switch self {
            case .add(let outcome): outcome.uuid
            case .delete(let uuid, _): uuid
            }
        }
    }

    @Test(
        "merge laws: 300 random histories give the same reasons in any order, grouping and repetition, with at most one live version per event"
    )
    func orderAndGroupingDoNotMatter() {
        var generator = SplitMix64(seed: 0x5EED_2026)
        for _ in 0..<300 {
            let (versions, deletions) = Self.randomHistory(&generator)
            let steps = versions.map(Step.add) + deletions.map { Step.delete($0.0, $0.1) }
            let reference = Self.applyInGroups(steps, groups: [])
            for _ in 0..<4 {
                // Another order (a deletion still comes after its version, as a device sends them), other groups,
                // and some steps sent twice.
                var shuffled = versions.shuffled(using: &generator).map(Step.add)
                for (uuid, at) in deletions {
                    let after = shuffled.firstIndex { $0.uuid == uuid } ?? 0
                    shuffled.insert(
                        .delete(uuid, at), at: Int.random(in: (after + 1)...shuffled.count, using: &generator))
                }
                let repeated = shuffled + shuffled.filter { _ in Bool.random(using: &generator) }
                let groups = (0..<3).map { _ in Int.random(in: 1...4, using: &generator) }
                let result = Self.applyInGroups(repeated, groups: groups)
                #expect(
                    result.mapValues(\.reason) == reference.mapValues(\.reason),
                    "steps: \(repeated.count), groups \(groups)")
            }
            var live: [Int: Int] = [:]
            for outcome in versions where reference[outcome.uuid]?.reason == nil {
                live[outcome.occurrence, default: 0] += 1
            }
            #expect(live.values.allSatisfy { $0 == 1 })
        }
    }
}
