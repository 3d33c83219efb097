import Catalog
import Foundation
import SystemPackage
import Testing

@testable import StudyCommands
@testable import StudyDatabase

/// When a published variable's question is asked, from the survey's navigation rules (docs/redcap.md, "Branching
/// logic"): a default destination past the question, a direct rule past it and a loop, and the conditions no variable
/// can hold, each with its reason.
struct PublishedConditionsTests {
    static let survey = """
        id: nav
        title: Navigation
        schedule:
          - daily: { at: "08:00" }
        steps:
          - question: a
            questionText: A?
            boolean: {}
          - question: b
            questionText: B?
            integer: { min: 0, max: 9 }
          - question: c
            questionText: C?
            date: {}
          - question: d
            questionText: D?
            timeOfDay: {}
          - question: e
            questionText: E?
            boolean: {}
          - question: f
            questionText: F?
            boolean: {}
        navigation:
          - after: a
            rules:
              - when: { result: a, booleanEquals: true }
                goto: b
            otherwise: d
          - after: d
            rules:
              - when: { result: d, timeOfDayInRange: { min: "06:00", max: "08:00" } }
                goto: a
          - after: e
            goto: end
        skip:
          - step: c
            when: { result: b, isDontKnow: true }
          - step: e
            when: { result: c, dateInRange: { min: "2026-01-01" } }
        outcomes:
          - { kind: a, path: a, type: boolean }
          - { kind: b, path: b, type: integer }
          - { kind: c, path: c, type: date }
          - { kind: d, path: d }
          - { kind: e, path: e, type: boolean }
          - { kind: f, path: f, type: boolean }

        """

    @Test func navigationRulesBecomeConditionsOrReasons() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conditions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.survey.write(to: folder.appendingPathComponent("nav.yaml"), atomically: true, encoding: .utf8)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let catalog = try Catalog.load(directory: FilePath(folder.path), calendar: calendar)
        let task = try #require(SurveyPublication.tasks(of: catalog).first { $0.id == "nav" })
        let shown = Dictionary(uniqueKeysWithValues: task.variables.map { ($0.kind, $0.shownWhen) })
        #expect(shown["a"] == .some(nil))
        // b: the default goes past it unless a is true, so it is shown when a is.
        #expect(shown["b"] == .some(.any([.compare(kind: "a", .equal, .boolean(true))])))
        // c: past it when a is not true, so shown when a is; its skip on "I don't know" is inexpressible.
        #expect(shown["c"]??.inexpressibleReason == "an \"I don't know\" answer")
        // d: the default's destination, not passed: always asked.
        #expect(shown["d"] == .some(nil))
        // e: after d's rule, which goes back to a (a loop), and skipped on a date.
        let e = try #require(shown["e"] ?? nil)
        guard case .all(let eParts) = e else { throw PublishedConditionsTestsError.notAll }
        #expect(
            Set(eParts.compactMap(\.inexpressibleReason)) == [
                "date bounds", "a navigation rule going back to an earlier step",
            ])
        // f: after d's loop and e's direct rule to the end.
        let f = try #require(shown["f"] ?? nil)
        guard case .all(let parts) = f else { throw PublishedConditionsTestsError.notAll }
        #expect(
            Set(parts.compactMap(\.inexpressibleReason)) == [
                "a navigation rule going back to an earlier step",
                "a navigation rule that always jumps past the question",
            ])
    }
}

enum PublishedConditionsTestsError: Error {
    case notAll
}
