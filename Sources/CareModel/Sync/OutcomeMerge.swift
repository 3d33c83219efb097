package import Foundation
import RegimenFoundation

/// The study database's one conflict rule (docs/study-sync.md, "The conflict rule"): the state of each outcome version
/// of a participant — live, or ended as replaced, deleted or superseded — is a pure function of the set of versions and
/// the set of deletions, whatever order they arrived in. The server applies it in the push transaction; devices take
/// the result when they pull.
///
/// - Versions sharing a sync identifier: the highest sync version is current; lower ones are replaced; of two with the
///   same version, the smaller uuid is current and the other superseded (rule `sameSyncVersion`).
/// - Versions sharing an outcome id (a replacement keeps the id): of those current in their own sync identifier, the
///   latest created (then the greater uuid) is current, the others replaced — a participant's later edit of an ingested
///   result wins over it, whatever its sync version. A deleted version that a later version of its id replaces is
///   replaced: an edit concurrent with a delete wins (rule `editOverDelete`).
/// - Of the current, undeleted versions answering one event, the run that ended later holds it (ties: the greater sync
///   identifier, then the smaller uuid); the others are superseded (rule `sameEvent`). Device clocks only order
///   answers to one event, as a run's end time; arrival order never decides.
package struct OutcomeMerge: Sendable {
    /// Why a version ended or stayed in a conflict, as the conflict log names it.
    package enum Rule: String, Sendable, Hashable, CaseIterable {
        /// Two answers to one event: the run that ended later holds it.
        case sameEvent = "same-event"
        /// One result stored twice under the same sync identifier and version.
        case sameSyncVersion = "same-sync-version"
        /// A deleted version that another device's edit replaced: the edit wins.
        case editOverDelete = "edit-over-delete"
    }

    /// One decision the rule logs: `winner` kept its place, `loser` did not (or, for `editOverDelete`, its deletion
    /// was overruled).
    package struct Conflict: Sendable, Hashable {
        /// The rule applied.
        package var rule: Rule
        /// The version that won.
        package var winner: UUID
        /// The version that lost.
        package var loser: UUID

        /// A logged decision.
        package init(rule: Rule, winner: UUID, loser: UUID) {
            self.rule = rule
            self.winner = winner
            self.loser = loser
        }
    }

    /// A version's state: live, or ended at an instant for a reason.
    package struct State: Sendable, Hashable {
        /// When it ended; nil while live.
        package var endedAt: Date?
        /// Why it ended; nil while live.
        package var reason: OutcomeEndReason?

        /// A state: live when `reason` is nil.
        package init(endedAt: Date?, reason: OutcomeEndReason?) {
            self.endedAt = endedAt
            self.reason = reason
        }

        /// The live state.
        package static let live = State(endedAt: nil, reason: nil)
    }

    /// Every version known, by uuid (values need not be filled: the rule reads identity, event, sync and dates).
    private(set) var versions: [UUID: Outcome] = [:]
    /// Deletions by version uuid.
    private var deletions: [UUID: Date] = [:]
    private var byEvent: [EventKey: [UUID]] = [:]
    private var byID: [String: [UUID]] = [:]
    private var bySync: [String: [UUID]] = [:]

    /// A merge over `stored` versions and every deletion made so far (`deletions`: version → instant). A version
    /// stored as deleted counts as deleted too; a deletion an edit overruled is still a deletion, and only the set of
    /// all of them keeps the rule independent of order (the edit's version may itself lose later).
    package init(stored: [Outcome], deletions: [UUID: Date] = [:]) {
        for outcome in stored {
            insert(outcome)
            if outcome.endReason == .deleted, let at = outcome.deletedDate { self.deletions[outcome.uuid] = at }
        }
        for (uuid, at) in deletions where versions[uuid] != nil {
            self.deletions[uuid] = min(at, self.deletions[uuid] ?? at)
        }
    }

    /// Whether version `uuid` is known.
    package func contains(_ uuid: UUID) -> Bool {
        versions[uuid] != nil
    }

    /// The version `uuid`, if known.
    package func version(_ uuid: UUID) -> Outcome? {
        versions[uuid]
    }

    /// Adds a new version; false when its uuid is known already (then nothing changes).
    @discardableResult
    package mutating func add(_ outcome: Outcome) -> Bool {
        guard versions[outcome.uuid] == nil else { return false }
        var fresh = outcome
        fresh.deletedDate = nil
        fresh.endReason = nil
        insert(fresh)
        return true
    }

    /// Records the deletion of version `uuid` at `at`; false when the version is unknown. Of two deletions of one
    /// version, the earlier instant is kept, whichever came first.
    @discardableResult
    package mutating func delete(_ uuid: UUID, at: Date) -> Bool {
        guard versions[uuid] != nil else { return false }
        deletions[uuid] = min(at, deletions[uuid] ?? at)
        return true
    }

    /// Whether version `uuid` was deleted (by a deletion stored or recorded in this merge).
    package func isDeleted(_ uuid: UUID) -> Bool {
        deletions[uuid] != nil
    }

    /// The sync identifier the rule groups `outcome` by: its own, else its uuid's text (a run without one).
    package static func syncKey(_ outcome: Outcome) -> String {
        outcome.syncID ?? outcome.uuid.uuidString
    }

    /// The versions whose state may depend on those in `seeds`: everything linked to them by a shared event, outcome
    /// id or sync identifier, transitively.
    package func neighborhood(of seeds: some Sequence<UUID>) -> Set<UUID> {
        var seen = Set<UUID>()
        var pending = Array(seeds)
        while let uuid = pending.popLast() {
            guard seen.insert(uuid).inserted, let outcome = versions[uuid] else { continue }
            let linked =
                (byEvent[EventKey(task: outcome.taskVersionUUID, occurrence: outcome.occurrence)] ?? [])
                + (byID[outcome.id] ?? []) + (bySync[Self.syncKey(outcome)] ?? [])
            pending.append(contentsOf: linked.filter { !seen.contains($0) })
        }
        return seen
    }

    /// The state the rule gives each of `uuids` (a set closed under `neighborhood`), and the conflicts it decided.
    package func resolve(_ uuids: Set<UUID>) -> (states: [UUID: State], conflicts: [Conflict]) {
        var states: [UUID: State] = [:]
        var conflicts: [Conflict] = []
        var eligible: [UUID] = []
        // The current version of each sync identifier met, worked out once.
        var syncCurrents: [String: UUID] = [:]
        func syncCurrent(of uuid: UUID) -> UUID {
            guard let outcome = versions[uuid] else { return uuid }
            let key = Self.syncKey(outcome)
            if let known = syncCurrents[key] { return known }
            let current = (bySync[key] ?? [uuid]).max { syncOrder($0, $1) } ?? uuid
            syncCurrents[key] = current
            return current
        }
        for uuid in uuids.sorted() {
            guard let outcome = versions[uuid] else { continue }
            let syncWinner = syncCurrent(of: uuid)
            if syncWinner != uuid, let current = versions[syncWinner] {
                if current.syncVersion == outcome.syncVersion {
                    states[uuid] = State(endedAt: current.createdDate, reason: .superseded)
                    conflicts.append(Conflict(rule: .sameSyncVersion, winner: syncWinner, loser: uuid))
                } else {
                    states[uuid] = State(endedAt: current.createdDate, reason: .replaced)
                }
                continue
            }
            // Of an outcome's versions, only those current in their own sync identifier compete: a lower sync version
            // is replaced by its own higher one, whatever its date.
            let idGroup = (byID[outcome.id] ?? [uuid]).filter { syncCurrent(of: $0) == $0 }
            let idCurrent = idGroup.max { versionOrder($0, $1) } ?? uuid
            if idCurrent != uuid, let current = versions[idCurrent] {
                states[uuid] = State(endedAt: current.createdDate, reason: .replaced)
                if deletions[uuid] != nil {
                    conflicts.append(Conflict(rule: .editOverDelete, winner: idCurrent, loser: uuid))
                }
                continue
            }
            if let at = deletions[uuid] {
                states[uuid] = State(endedAt: at, reason: .deleted)
                continue
            }
            eligible.append(uuid)
        }
        var contenders: [EventKey: [UUID]] = [:]
        for uuid in eligible {
            guard let outcome = versions[uuid] else { continue }
            contenders[EventKey(task: outcome.taskVersionUUID, occurrence: outcome.occurrence), default: []].append(
                uuid)
        }
        for (_, group) in contenders {
            guard let holder = group.max(by: { eventOrder($0, $1) }), let winner = versions[holder] else { continue }
            states[holder] = .live
            for loser in group where loser != holder {
                states[loser] = State(endedAt: winner.createdDate, reason: .superseded)
                conflicts.append(Conflict(rule: .sameEvent, winner: holder, loser: loser))
            }
        }
        return (states, conflicts.sorted { ($0.rule.rawValue, $0.loser) < ($1.rule.rawValue, $1.loser) })
    }

    // MARK: Orders (each total: uuids break every tie)

    /// Within a sync identifier: the higher version, then the smaller uuid, is current.
    private func syncOrder(_ a: UUID, _ b: UUID) -> Bool {
        guard let x = versions[a], let y = versions[b] else { return a > b }
        return (x.syncVersion, b) < (y.syncVersion, a)
    }

    /// Within an outcome id: the later (created, uuid) is current.
    private func versionOrder(_ a: UUID, _ b: UUID) -> Bool {
        guard let x = versions[a], let y = versions[b] else { return a < b }
        return (x.createdDate, a) < (y.createdDate, b)
    }

    /// On one event: the later run end, then the greater sync identifier, then the smaller uuid holds it.
    private func eventOrder(_ a: UUID, _ b: UUID) -> Bool {
        guard let x = versions[a], let y = versions[b] else { return a > b }
        return (x.runEndDate ?? x.createdDate, Self.syncKey(x), b) < (y.runEndDate ?? y.createdDate, Self.syncKey(y), a)
    }

    private mutating func insert(_ outcome: Outcome) {
        versions[outcome.uuid] = outcome
        byEvent[EventKey(task: outcome.taskVersionUUID, occurrence: outcome.occurrence), default: []].append(
            outcome.uuid)
        byID[outcome.id, default: []].append(outcome.uuid)
        bySync[Self.syncKey(outcome), default: []].append(outcome.uuid)
    }
}
