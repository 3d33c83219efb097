import Foundation
import SystemPackage
import Testing

@testable import Catalog

/// The survey format's `charts:` section (docs/insights.md): decoding, defaults and `regimen validate` problems.
@Suite("Survey charts")
struct ChartSpecTests {
    private static let head = """
        id: t
        title: T
        steps:
          - form: f
            items:
              - { id: f.pain, text: Pain, scale: { min: 1, max: 10, step: 1 } }
              - { id: f.note, text: Note, freeText: {} }
              - { id: f.hours, text: Hours, decimal: {} }
        outcomes:
          - { kind: pain, path: f/f.pain }
          - { kind: note, path: f/f.note }
          - { kind: hours, path: f/f.hours, units: h }

        """

    @Test(
        "the shipped check-in and knee surveys declare the Recover sample's charts; the shoulder survey gets the default"
    )
    func shipped() throws {
        let catalog = try Catalog.load(
            directory: FilePath(CatalogFixture.surveysDirectory.path), calendar: CatalogFixture.utc)
        let checkin = try #require(catalog.entry(forTask: "checkin"))
        #expect(
            checkin.effectiveCharts == [
                ChartSpec(title: "Pain and sleep", style: .bars, kinds: ["checkin.form.pain", "checkin.form.sleep"])
            ])
        #expect(checkin.outcome(kind: "checkin.form.pain")?.scaleRange(in: checkin.task) == 1...10)
        #expect(checkin.outcome(kind: "checkin.form.sleep")?.scaleRange(in: checkin.task) == 0...12)
        let knee = try #require(catalog.entry(forTask: "rangeOfMotionCheck"))
        #expect(knee.effectiveCharts == [ChartSpec(title: "Knee range of motion", style: .line, kinds: ["range"])])
        #expect(knee.outcome(kind: "range")?.scaleRange(in: knee.task) == nil)
        let shoulder = try #require(catalog.entry(forTask: "shoulderRangeOfMotion"))
        #expect(shoulder.charts == nil)
        #expect(
            shoulder.effectiveCharts == [
                ChartSpec(
                    title: "Shoulder Range Of Motion", style: .line, kinds: ["shoulder.range", "shoulder.maximum"])
            ])
        #expect(try #require(catalog.entry(forTask: "onboarding")).effectiveCharts.isEmpty)
    }

    @Test("without charts: the default charts the numeric kinds only; charts: [] draws none")
    func defaults() throws {
        let entry = try CatalogFixture.entry(Self.head)
        #expect(entry.effectiveCharts == [ChartSpec(title: "T", style: .line, kinds: ["pain", "hours"])])
        #expect(try CatalogFixture.entry(Self.head + "charts: []\n").effectiveCharts.isEmpty)
    }

    @Test("bad chart entries are reported with their place")
    func problems() throws {
        let lines = try CatalogFixture.problemLines(
            Self.head + """
                charts:
                  - { title: A, type: pie, kinds: [pain] }
                  - { title: B, type: bars, kinds: [pian] }
                  - { title: C, type: line, kinds: [note] }
                  - { title: D, type: line, kinds: [] }
                  - { title: E, type: bars, kinds: [pain, pain] }
                  - { type: line, kinds: [pain], color: red }
                  - { title: G, type: line }
                  - just a string
                """)
        #expect(
            lines == [
                #"charts[0].type: must be one of "bars", "line""#,
                #"charts[1].kinds[0]: unknown outcome kind "pian" (declared: pain, note, hours)"#,
                #"charts[2].kinds[0]: outcome kind "note" is stored as text; only double and integer outcomes can be charted"#,
                #"charts[3].kinds: must name at least one outcome kind"#,
                #"charts[4].kinds[1]: outcome kind "pain" is charted twice"#,
                #"charts[5]: unknown key "color""#,
                #"charts[5]: missing required key "title""#,
                #"charts[6]: missing required key "kinds""#,
                #"charts[7]: must be a mapping, found a string"#,
            ])
    }

    @Test("charts need declared outcomes: a file without outcomes: says so")
    func noOutcomes() throws {
        let lines = try CatalogFixture.problemLines(
            """
            id: t
            title: T
            steps: [{ instruction: i }]
            charts: [{ title: A, type: line, kinds: [x] }]
            """)
        #expect(lines == [#"charts[0].kinds[0]: unknown outcome kind "x" (the file declares no outcomes)"#])
    }
}
