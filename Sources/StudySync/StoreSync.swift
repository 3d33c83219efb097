package import CareModel
package import CareStore
package import Foundation

/// One `regimen sync` of an enrolled store with its study (docs/study-sync.md, "Push" and "Pull"), through the study
/// service: the outbox is pushed in pages, each acknowledged in the store once the server committed it; then the
/// participant's rows are pulled in pages, each applied together with its anchor in one store transaction. Every step
/// can be interrupted: running it again sends what was not acknowledged (the server recognizes what it has) and pulls
/// from the last anchor applied. A sync pushes the outbox as it was when it started: changes written meanwhile (an
/// ingest beside it) wait for the next sync.
package struct StoreSync: Sendable {
    /// What a sync did.
    package struct Report: Sendable {
        /// Outbox changes the server received for the first time.
        package var pushed = 0
        /// Conflicts the server decided on them.
        package var conflicts: [OutcomeMerge.Conflict] = []
        /// Task versions pulled.
        package var pulledTasks = 0
        /// Outcome versions pulled (new ones and changed states).
        package var pulledOutcomes = 0
        /// How far this device's clock is ahead of the server's (negative: behind).
        package var clockOffset: TimeInterval = 0

        /// Nothing done yet.
        package init() {}
    }

    /// The enrolled store.
    package let store: CareStore
    /// The study it is enrolled in, as this device reaches it.
    package let study: any StudyRemote
    /// The device's clock reading for this sync.
    package let now: Date
    /// Changes per push and rows per pulled page.
    package var pageSize = 500

    /// A sync of `store` with `study` at `now`.
    package init(store: CareStore, study: any StudyRemote, now: Date, pageSize: Int = 500) {
        self.store = store
        self.study = study
        self.now = now
        self.pageSize = pageSize
    }

    /// Pushes, then pulls, then records the sync in the store.
    package func run() async throws(StoreSyncError) -> Report {
        var report = Report()
        var pushed = try local { () throws(CareStoreError) in try store.studyEnrollment()?.pushedSeq } ?? 0
        // What the store has now: the server refuses a store whose outbox ends before what it acknowledged, and the
        // store never records an acknowledgment beyond it.
        let outboxEnd = try local { () throws(CareStoreError) in try store.outboxEnd() }
        var anchor = try local { () throws(CareStoreError) in try store.studyEnrollment()?.pulledSeq } ?? 0
        // The first pull page, when the last push went with it (nothing left to send: one round trip).
        var firstPage: PullPage?
        // One push even with nothing to send: it records the sync and measures the clock.
        repeat {
            let page = try local { () throws(CareStoreError) in try store.outbox(after: pushed, limit: pageSize) }
            // Changes written since the sync started are numbered past its outboxEnd, which the server checks a
            // page against: they wait for the next sync.
            let changes = page.filter { $0.localSeq <= outboxEnd }
            let result: PushReport
            if changes.isEmpty {
                (result, firstPage) = try await study.pushNothingAndPull(
                    outboxEnd: outboxEnd, deviceNow: now, after: anchor, limit: pageSize)
            } else {
                result = try await study.push(changes, outboxEnd: outboxEnd, deviceNow: now)
            }
            let acknowledged = min(result.acknowledged, outboxEnd)
            try local { () throws(CareStoreError) in try store.acknowledgePush(through: acknowledged) }
            report.pushed += result.applied
            report.conflicts += result.conflicts
            report.clockOffset = Double(result.clockOffsetMilliseconds ?? 0) / 1000
            if changes.isEmpty || page.count < pageSize || changes.count < page.count { break }
            pushed = acknowledged
        } while true
        while true {
            let page: PullPage
            if let first = firstPage {
                page = first
                firstPage = nil
            } else {
                page = try await study.pull(after: anchor, limit: pageSize)
            }
            guard !page.rows.isEmpty else { break }
            guard try local({ () throws(CareStoreError) in try store.apply(page) }) else {
                // Another sync of this store applied pages meanwhile: go on from where it got to.
                anchor = try local { () throws(CareStoreError) in try store.studyEnrollment()?.pulledSeq } ?? anchor
                continue
            }
            for row in page.rows {
                if case .task = row { report.pulledTasks += 1 } else { report.pulledOutcomes += 1 }
            }
            anchor = page.anchor
        }
        let offset = report.clockOffset
        try local { () throws(CareStoreError) in try store.recordSync(at: now, clockOffset: offset) }
        return report
    }

    /// Every outbox change of `store` the server has not acknowledged, in order, and the store's last outbox number:
    /// what a sync bundle carries.
    package static func unacknowledged(in store: CareStore) throws(StoreSyncError) -> (
        changes: [DeviceChange], outboxEnd: Int64
    ) {
        do throws(CareStoreError) {
            var after = try store.studyEnrollment()?.pushedSeq ?? 0
            var changes: [DeviceChange] = []
            while true {
                let page = try store.outbox(after: after, limit: 500)
                guard let last = page.last else { break }
                changes += page
                after = last.localSeq
            }
            return (changes, try store.outboxEnd())
        } catch {
            throw .store(error)
        }
    }

    /// Runs a store call, its error as the sync's.
    private func local<T>(_ body: () throws(CareStoreError) -> T) throws(StoreSyncError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }
}
