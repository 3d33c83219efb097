import Foundation
import OutcomeMapping
import SystemPackage
import Testing

@testable import Catalog

/// Which `outcomes:` entries may find nothing in a finished run (issue 11 item 1, docs/navigation.md).
@Suite("Outcome entries: required only when every finished run has the answer")
struct OutcomeRequirementTests {
    private func required(_ entry: CatalogEntry) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: (entry.declarativeExtractor?.entries ?? []).map { ($0.kind, $0.isRequired) })
    }

    @Test("tour.yaml: no entry is required — optional questions, a skip rule and an early end route around each")
    func tour() throws {
        let catalog = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
        let tour = try #require(catalog.entry(forTask: "tour"))
        #expect(
            required(tour) == [
                "tour.effort": false, "tour.walked": false, "tour.walk.minutes": false, "tour.feeling": false,
                "tour.surgery": false,
            ])
        let checkin = try #require(catalog.entry(forTask: "checkin"))
        #expect(required(checkin) == ["checkin.form.pain": true, "checkin.form.sleep": true])
    }

    @Test(
        "Required: a non-optional question on every path, and any form on every path (a visited form keeps every item)")
    func rules() throws {
        let entry = try CatalogFixture.entry(
            """
            id: t
            title: T
            steps:
              - question: must
                optional: false
                boolean: {}
              - question: may
                boolean: {}
              - form: page
                items:
                  - { id: page.x, text: X, integer: {} }
              - question: branch
                optional: false
                boolean: {}
              - question: late
                optional: false
                integer: {}
            navigation:
              - after: must
                rules:
                  - when: { result: must, booleanEquals: true }
                    goto: branch
            outcomes:
              - { kind: must, path: must, type: boolean }
              - { kind: may, path: may, type: boolean }
              - { kind: x, path: page/page.x }
              - { kind: branch, path: branch, type: boolean }
              - { kind: late, path: late }
            """)
        // `may` and `page` can be jumped over from `must`; `branch` and `late` are on every path.
        #expect(required(entry) == ["must": true, "may": false, "x": false, "branch": true, "late": true])
    }
}
