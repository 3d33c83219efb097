package import CareModel
import CareStore
import Foundation
import ResearchTasks

/// What one `regimen ingest` did, file by file, and its printed summary.
package struct IngestSummary: Sendable {
    /// New outcomes stored.
    package var ingested = 0
    /// Files whose sync identifier and version were already stored.
    package var unchanged = 0
    /// Files ignored because a higher version of the same sync identifier is stored.
    package var olderVersions: [IngestRejection] = []
    /// Files whose higher version replaced the stored outcome.
    package var replaced = 0
    /// Outcomes that lost their event to a run that ended later (kept, listed by the store).
    package var superseded: [IngestRejection] = []
    /// Files that could not be stored.
    package var rejected: [IngestRejection] = []
    /// Readable files per ResearchKit version that wrote them, for files that record it.
    package var researchKitVersions: [String: Int] = [:]

    /// An empty summary.
    package init() {}

    /// Total files looked at.
    package var files: Int { ingested + unchanged + olderVersions.count + replaced + rejected.count }

    /// Counts one stored file.
    package mutating func record(_ report: IngestReport, file: String) {
        switch report.disposition {
        case .added: ingested += 1
        case .unchanged: unchanged += 1
        case .replaced: replaced += 1
        case .olderVersion(let stored, let offered):
            olderVersions.append(
                IngestRejection(
                    file: file, problem: "version \(offered) is older than the stored version \(stored); ignored"))
        }
        if let loser = report.superseded {
            let problem =
                loser.isIngested
                ? "another run on the same event ended later; kept as superseded"
                : "took the event from run \(loser.syncID ?? loser.uuid.uuidString), which ended earlier and is kept as superseded"
            superseded.append(IngestRejection(file: file, problem: problem))
        }
    }

    /// The summary printed on standard output.
    package func render() -> String {
        var lines = [
            "ingested \(ingested), unchanged \(unchanged), replaced \(replaced), superseded \(superseded.count), "
                + "rejected \(rejected.count)"
                + (olderVersions.isEmpty ? "" : ", older versions ignored \(olderVersions.count)")
        ]
        if !researchKitVersions.isEmpty {
            lines.append(
                "written by ResearchKit "
                    + researchKitVersions.sorted { $0.key < $1.key }
                    .map { "\($0.key): \(Plural.count($0.value, "file"))" }.joined(separator: ", "))
        }
        func section(_ title: String, _ entries: [IngestRejection]) {
            guard !entries.isEmpty else { return }
            lines.append("\(title):")
            lines += entries.map { "  \($0.file): \($0.problem)" }
        }
        section("superseded", superseded)
        section("older versions", olderVersions)
        section("rejected", rejected)
        return lines.joined(separator: "\n")
    }
}
