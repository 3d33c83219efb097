import CareModel
import Catalog
import Foundation
import RegimenFoundation
import SystemPackage
import Testing

@testable import RegimenCommands

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `regimen insights --svg`: the document parses as XML, its bars and points carry the stored values, it has
/// `<title>`/`<desc>` for screen readers, and a real SVG renderer (rsvg-convert, Debian's librsvg2-bin) draws it.
@Suite("Insights: SVG charts")
struct InsightSVGTests {
    /// Elements with a `data-kind` attribute, and the document's titles and descriptions, as parsed.
    final class Marks: NSObject, XMLParserDelegate {
        var marks: [(element: String, attributes: [String: String])] = []
        var texts: [String: [String]] = [:]
        private var current: String?
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if attributes["data-kind"] != nil { marks.append((name, attributes)) }
            if name == "title" || name == "desc" {
                current = name
                text = ""
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if current != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == current {
                texts[name, default: []].append(text)
                current = nil
            }
        }
    }

    static func parse(_ svg: String) throws -> Marks {
        let parser = XMLParser(data: Data(svg.utf8))
        let marks = Marks()
        parser.delegate = marks
        #expect(parser.parse(), "the SVG is well-formed XML: \(String(describing: parser.parserError))")
        return marks
    }

    /// A month (27 October – 25 November) of check-ins with gaps, and knee range of motion on some days.
    static func month() -> (charts: [InsightChart], window: InsightWindow) {
        let window = InsightWindow(
            ending: InsightChartTests.day(25), dayCount: 30, calendar: InsightChartTests.calendar)
        let checkIns = (0..<30).filter { ![3, 4, 11, 17, 18, 19, 26].contains($0) }.map { index in
            InsightChartTests.checkIn(window.day(index), pain: Double(9 - index / 4), sleep: Double(5 + index % 5))
        }
        let knee = InsightChartTests.kneeOutcomes([1: 92, 2: 95, 5: 101, 8: 104, 12: 110, 19: 117, 24: 121, 25: 126])
        let charts =
            InsightChartTests.charts(checkIns, window: window, width: 80)
            + InsightChartTests.charts(knee, window: window, width: 80, entry: InsightChartTests.knee)
        return (charts, window)
    }

    @Test("bars and points read back as the stored values, empty days as empty marks; titles and descriptions present")
    func readBack() throws {
        let week = InsightChartTests.week
        let charts =
            InsightChartTests.charts(InsightChartTests.gappyWeek, window: week, width: 80)
            + InsightChartTests.charts(
                InsightChartTests.kneeOutcomes([19: 95, 21: 110.5]), window: week, width: 80,
                entry: InsightChartTests.knee)
        let svg = SVGChartRenderer().render(charts, window: week)
        let parsed = try Self.parse(svg)
        func values(_ element: String, _ kind: String) -> [String: Double] {
            Dictionary(
                uniqueKeysWithValues: parsed.marks.filter {
                    $0.element == element && $0.attributes["data-kind"] == kind && $0.attributes["class"] != "empty"
                }
                .map { ($0.attributes["data-day"]!, Double($0.attributes["data-value"]!)!) })
        }
        func empty(_ kind: String) -> Set<String> {
            Set(
                parsed.marks.filter { $0.attributes["class"] == "empty" && $0.attributes["data-kind"] == kind }.map {
                    $0.attributes["data-day"]!
                })
        }
        #expect(
            values("rect", "checkin.form.pain") == [
                "2026-11-19": 10, "2026-11-20": 5, "2026-11-22": 1, "2026-11-24": 7, "2026-11-25": 3,
            ])
        #expect(
            values("rect", "checkin.form.sleep") == [
                "2026-11-19": 12, "2026-11-20": 6, "2026-11-22": 0, "2026-11-24": 8, "2026-11-25": 9,
            ])
        #expect(
            empty("checkin.form.pain") == ["2026-11-21", "2026-11-23"]
                && empty("checkin.form.sleep") == ["2026-11-21", "2026-11-23"])
        #expect(values("circle", "range") == ["2026-11-19": 95, "2026-11-21": 110.5])
        #expect(empty("range") == ["2026-11-20", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"])
        // A pain of 10 is the plot's full height, 5 half of it.
        let pain = parsed.marks.filter { $0.element == "rect" && $0.attributes["data-kind"] == "checkin.form.pain" }
        let heights = Dictionary(
            uniqueKeysWithValues: pain.map { ($0.attributes["data-day"]!, Double($0.attributes["height"]!)!) })
        #expect(heights["2026-11-19"] == 180 && heights["2026-11-20"] == 90)
        #expect(parsed.texts["title"]?.contains("Regimen insights, 2026-11-19 to 2026-11-25") == true)
        #expect(
            parsed.texts["title"]?.contains("Pain and sleep") == true
                && parsed.texts["title"]?.contains("Knee range of motion") == true)
        #expect(
            parsed.texts["desc"]?.contains {
                $0.contains("Bars per day of Pain (1-10) and Sleep (h, 0-12)")
                    && $0.contains("5 of 7 days have outcomes")
            } == true)
    }

    @Test("text from survey files is escaped: a title with markup characters stays well-formed")
    func escaping() throws {
        var chart = try #require(
            InsightChartTests.charts(InsightChartTests.gappyWeek, window: InsightChartTests.week, width: 80).first)
        chart = InsightChart(
            title: "Pain <&> \"sleep\" 'today'\u{1}", style: chart.style, window: chart.window,
            daysPerBucket: chart.daysPerBucket,
            buckets: chart.buckets, series: chart.series)
        let parsed = try Self.parse(SVGChartRenderer().render([chart], window: chart.window))
        #expect(parsed.texts["title"]?.contains("Pain <&> \"sleep\" 'today'") == true)
        #expect(XMLText.escaped("a<b&c>\"'") == "a&lt;b&amp;c&gt;&quot;&apos;")
    }

    /// Whether Debian's SVG renderer is installed (scripts/test installs librsvg2-bin).
    static let rsvgConvert: URL? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(
        "rsvg-convert renders a month of pain and sleep with gaps and knee range of motion to a non-trivial PNG",
        .enabled(if: rsvgConvert != nil, "rsvg-convert (librsvg2-bin) is not installed"))
    func rendersToPNG() throws {
        let (charts, window) = Self.month()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "insights-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("month.svg")
        let png = folder.appendingPathComponent("month.png")
        try PrivateFiles.replace(FilePath(svg.path), text: SVGChartRenderer().render(charts, window: window))
        let mode = try FileManager.default.attributesOfItem(atPath: svg.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let process = Process()
        process.executableURL = try #require(Self.rsvgConvert)
        process.arguments = ["--output", png.path, svg.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bytes = try [UInt8](Data(contentsOf: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG signature")
        #expect(bytes.count > 10_000, "a drawing, not a blank page: \(bytes.count) bytes")
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 880)
    }
}
