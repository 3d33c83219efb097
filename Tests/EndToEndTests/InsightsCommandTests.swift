import Foundation
import Testing

/// `regimen insights` on a store filled by real check-ins (docs/insights.md): the terminal chart, its character
/// modes, the SVG file and the command-line errors.
@Suite("regimen insights")
struct InsightsCommandTests {
    /// A store with check-ins on 19, 20, 22, 24 and 25 November 2026 (pain 10, 5, 1, 7, 3; sleep 12, 6, 0, 8, 9), seen
    /// on the evening of the 25th.
    static func checkedIn() throws -> RegimenProcess {
        var regimen = try RegimenProcess()
        for (day, pain, sleep) in [(19, 10, 12), (20, 5, 6), (22, 1, 0), (24, 7, 8), (25, 3, 9)] {
            regimen.now = "2026-11-\(day)T09:00:00Z"
            let run = try regimen.run(["run", "checkin"], input: "\(pain)\n\(sleep)\n")
            #expect(run.status == 0, "stderr: \(run.stderr)")
        }
        regimen.now = "2026-11-25T20:00:00Z"
        return regimen
    }

    @Test("the week's pain and sleep bars, empty days marked, no line wider than COLUMNS, no escapes with NO_COLOR")
    func terminal() throws {
        let regimen = try Self.checkedIn()
        defer { regimen.cleanUp() }
        for columns in [40, 80, 120] {
            let insights = try regimen.run(["insights", "--task", "checkin"], environment: ["COLUMNS": "\(columns)"])
            #expect(insights.status == 0, "stderr: \(insights.stderr)")
            let lines = insights.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { $0.count <= columns }, "\(columns) columns:\n\(insights.stdout)")
            #expect(!insights.stdout.contains("\u{1B}"))
            #expect(insights.stdout.hasPrefix("Pain and sleep, 2026-11-19 to 2026-11-25\n"))
            #expect(insights.stdout.contains("· no outcome"))
        }
        let wide = try regimen.run(["insights", "--task", "checkin"], environment: ["COLUMNS": "80"])
        let axis = try #require(wide.stdout.split(separator: "\n").first { $0.hasPrefix("    0┼") })
        #expect(
            axis.filter { $0 == "·" }.count == 2 * 2 * 3,
            "both bars (3 columns each) of the two empty days, 21 and 23\n\(wide.stdout)")
    }

    @Test("in Japanese the chart's title is the survey's translation and the store keeps the English titles")
    func japanese() throws {
        let regimen = try Self.checkedIn()
        defer { regimen.cleanUp() }
        let insights = try regimen.run(
            ["insights", "--task", "checkin"], environment: ["COLUMNS": "80", "REGIMEN_LANGUAGE": "ja"])
        #expect(insights.status == 0, "stderr: \(insights.stderr)")
        #expect(insights.stdout.hasPrefix("痛みと睡眠"), "\(insights.stdout)")
        // The store was not synced in Japanese: the English feed still lists the English title.
        let feed = try regimen.run(["today"])
        #expect(feed.stdout.contains("Check In"), "\(feed.stdout)")
    }

    @Test("TERM=dumb and --ascii draw in ASCII only; the default charts every survey's charts")
    func asciiAndAllCharts() throws {
        let regimen = try Self.checkedIn()
        defer { regimen.cleanUp() }
        for (arguments, environment) in [
            (["insights", "--ascii"], [String: String]()), (["insights"], ["TERM": "dumb"]),
        ] {
            let insights = try regimen.run(arguments, environment: environment)
            #expect(insights.status == 0, "stderr: \(insights.stderr)")
            #expect(insights.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(insights.stdout)")
            #expect(insights.stdout.contains("Pain and sleep") && insights.stdout.contains("Knee range of motion"))
            #expect(insights.stdout.contains("Shoulder Range Of Motion"))
        }
    }

    @Test("--svg writes an owner-only SVG whose bars carry the stored values")
    func svg() throws {
        let regimen = try Self.checkedIn()
        defer { regimen.cleanUp() }
        let insights = try regimen.run(["insights", "--svg", "charts.svg"])
        #expect(insights.status == 0, "stderr: \(insights.stderr)")
        #expect(insights.stdout == "Wrote 5 charts to charts.svg.\n", "the nausea chart is the fifth")
        let file = regimen.sandbox.appendingPathComponent("charts.svg")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#"data-kind="checkin.form.pain" data-day="2026-11-19" data-value="10""#))
        #expect(text.contains(#"data-kind="checkin.form.sleep" data-day="2026-11-22" data-value="0""#))
        #expect(text.contains(#"class="empty" id="chart-1-checkin.form.pain-2026-11-21""#))
        #expect(text.contains("<title id=\"insights-title\">Regimen insights, 2026-11-19 to 2026-11-25</title>"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("conflicting windows, a reversed range and an unknown task are usage errors (exit 64)")
    func usage() throws {
        let regimen = try RegimenProcess()
        defer { regimen.cleanUp() }
        let both = try regimen.run(["insights", "--week", "--month"])
        #expect(both.status == 64 && both.stderr == "regimen: use only one of --week, --month\n")
        let reversed = try regimen.run(["insights", "--from", "2026-11-20", "--to", "2026-11-10"])
        #expect(reversed.status == 64 && reversed.stderr == "regimen: --to must not be before --from\n")
        let unknown = try regimen.run(["insights", "--task", "nope"])
        #expect(unknown.status == 64 && unknown.stderr.contains("no survey defines task 'nope'"))
    }
}
