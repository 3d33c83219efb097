import Foundation
import SystemPackage
import Testing

@testable import RangeOfMotion

/// A long recording is read in parts on several threads (`ParallelMeasurement`); the parts must give exactly the
/// one-pass values, and every case where a guessed cut or a part cannot be trusted must fall back to one pass with the
/// one-pass result or error. Parts are made small (`partBytes`) so that short recordings are cut several times.
@Suite("Range of motion of a long recording read in parts")
struct ParallelMeasurementTests {
    typealias T = TestSupport

    /// Items of a knee recording whose relative angle goes through `degrees` (sample 0 is the reference).
    static func items(_ degrees: [Double], extra: (Int) -> String = { _ in "" }) -> [String] {
        degrees.enumerated().map { index, degrees in
            let q = T.rotationX(90 - degrees)
            return
                #"{"attitude":{"y":\#(q.y),"w":\#(q.w),"z":\#(q.z),"x":\#(q.x)},"timestamp":\#(Double(index) / 100),"#
                + #""rotationRate":{"x":0.0024733948521316056,"y":5.885325372219086E-3,"z":-1.2e-2},"#
                + #""gravity":{"x":0.01,"y":-0.98,"z":-0.2}\#(extra(index))}"#
        }
    }

    /// A knee movement of `count` samples: 0° up to 80° and back, twice, drifting a little, so that no sample after
    /// the first has exactly its attitude (whose relative angle is exactly 0).
    static func movement(count: Int) -> [Double] {
        (0..<count).map { 40 * (1 - cos(4 * Double.pi * Double($0) / Double(count))) + 0.5 + Double($0) * 1e-4 }
    }

    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rom-parts-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The parallel result (nil when it fell back) and the one-pass result for `text`, cut into up to 4 parts.
    static func measureBoth(_ text: String, parts: Int = 4) throws -> (
        parallel: RangeOfMotionMeasurement?, onePass: RangeOfMotionMeasurement, cuts: Int
    ) {
        let url = try file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let partBytes = text.utf8.count / parts
        let cuts = MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: parts, minimumBytes: partBytes)
        let parallel = try ParallelMeasurement.measure(contentsOf: FilePath(url.path), cuts: cuts, orientation: nil)
        let onePass = try RangeOfMotionCalculator.measureInOnePass(contentsOf: FilePath(url.path))
        #expect(
            try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path), parts: parts, partBytes: partBytes)
                == onePass)
        return (parallel, onePass, cuts.count)
    }

    @Test(
        "parts joined give exactly the one-pass values, for 2 to 4 parts, wrapped or bare, any whitespace between items"
    )
    func sameValues() throws {
        let items = Self.items(Self.movement(count: 3_000))
        let layouts = [
            #"{"items":["# + items.joined(separator: ",") + "]}",
            "[\n" + items.joined(separator: " ,\n\t") + "\n]\n",
            #"{"before":{"a":[1,2]},"items":[ "# + items.joined(separator: ",\r\n") + #" ],"after":[{},{}]}"#,
        ]
        for text in layouts {
            for parts in 2...4 {
                let both = try Self.measureBoth(text, parts: parts)
                #expect(both.cuts == parts - 1)
                #expect(both.parallel == both.onePass, "\(parts) parts of \(text.prefix(20))")
                #expect(both.onePass.sampleCount == 3_000)
            }
        }
    }

    @Test(
        "the minimum's sentinel: angles of exactly 0 at the end of the first part, inside a later part, in every part")
    func exactZeros() throws {
        var degrees = Self.movement(count: 2_000)
        // Sample 0 is the reference, so repeating its attitude gives exactly 0. At the end of the first part the
        // minimum returns to its sentinel and the next part's first angle replaces it; joining handles that.
        degrees[999] = degrees[0]
        let atEnd = try Self.measureBoth(#"{"items":["# + Self.items(degrees).joined(separator: ",") + "]}", parts: 2)
        #expect(atEnd.parallel != nil)
        #expect(atEnd.parallel == atEnd.onePass)
        // Inside a later part the order of the angles matters: the part keeps what the join needs to replay it.
        degrees[1_500] = degrees[0]
        let inside = try Self.measureBoth(#"{"items":["# + Self.items(degrees).joined(separator: ",") + "]}", parts: 2)
        #expect(inside.parallel != nil)
        #expect(inside.parallel == inside.onePass)
        #expect(inside.onePass.sampleCount == 2_000)
        // A recording tiled from a short one comes back to its first attitude in every tile, in every part.
        let tiled = Array(repeating: Self.movement(count: 250), count: 8).flatMap { $0 }
        for parts in 2...4 {
            let both = try Self.measureBoth(
                #"{"items":["# + Self.items(tiled).joined(separator: ",") + "]}", parts: parts)
            #expect(both.parallel != nil)
            #expect(both.parallel == both.onePass)
        }
    }

    @Test("a cut that lands inside an item (an array of objects, a string holding '},{') falls back to one pass")
    func cutsInsideItems() throws {
        let extras: [(Int) -> String] = [
            { _ in #","log":[{"a":1},{"b":2},{"c":3},{"d":4},{"e":5},{"f":6},{"g":7},{"h":8},{"i":9},{"j":10}]"# },
            { _ in #","note":"} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {} , {}""# },
        ]
        for extra in extras {
            let text =
                #"{"items":["# + Self.items(Self.movement(count: 1_000), extra: extra).joined(separator: ",") + "]}"
            let both = try Self.measureBoth(text, parts: 2)
            // Whatever the cut, the result equals one pass: either it was between items or the parts were dropped.
            #expect(both.parallel == nil || both.parallel == both.onePass)
            #expect(both.onePass.sampleCount == 1_000)
        }
        // A cut guessed inside a string is found by the first part's reader passing it, never by a wrong result.
        let inString =
            #"{"items":["# + Self.items([0, 10, 20]).joined(separator: ",") + #"],"note":"#
            + "\"" + String(repeating: "},{", count: 3_000) + "\"}"
        let both = try Self.measureBoth(inString, parts: 2)
        #expect(both.cuts == 1)
        #expect(both.parallel == both.onePass)  // the first part read the whole document
    }

    @Test("an error in a later part is reported exactly as one pass reports it: the sample index, the place, the file")
    func laterPartErrors() throws {
        let items = Self.items(Self.movement(count: 2_000))
        var wrongLength = items
        wrongLength[1_700] = T.item(attitude: #""x":0,"y":0,"z":0,"w":2"#)
        var notANumber = items
        notANumber[1_800] = notANumber[1_800].replacingOccurrences(of: #""timestamp":"#, with: #""timestamp":"s","x":"#)
        let texts = [
            #"{"items":["# + wrongLength.joined(separator: ",") + "]}",
            #"{"items":["# + notANumber.joined(separator: ",") + "]}",
            #"{"items":["# + items.joined(separator: ",") + "]} trailing",
            #"{"items":["# + items.joined(separator: ","),  // cut short
        ]
        for text in texts {
            let url = try Self.file(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let partBytes = text.utf8.count / 2
            #expect(
                MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: 2, minimumBytes: partBytes).count == 1)
            var onePassError: MotionRecordingError?
            var partsError: MotionRecordingError?
            do { _ = try RangeOfMotionCalculator.measureInOnePass(contentsOf: FilePath(url.path)) } catch {
                onePassError = error
            }
            do {
                _ = try RangeOfMotionCalculator.measure(contentsOf: FilePath(url.path), parts: 2, partBytes: partBytes)
            } catch {
                partsError = error
            }
            #expect(onePassError != nil)
            #expect(partsError == onePassError, "\(text.suffix(40))")
        }
    }

    @Test("an error in the first part is thrown by the first part itself, with its exact sample")
    func firstPartError() throws {
        var items = Self.items(Self.movement(count: 2_000))
        items[300] = T.item(attitude: #""x":0,"y":0,"z":0,"w":2"#)
        let text = #"{"items":["# + items.joined(separator: ",") + "]}"
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let cuts = MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: 2, minimumBytes: text.utf8.count / 2)
        var error: MotionRecordingError?
        do {
            _ = try ParallelMeasurement.measure(contentsOf: FilePath(url.path), cuts: cuts, orientation: nil)
        } catch let thrown {
            error = thrown
        }
        guard case .inFile(let path, let inner) = error, case .invalidItem(let index, let field, _) = inner else {
            Issue.record("expected the first part's own error, got \(String(describing: error))")
            return
        }
        #expect(path == FilePath(url.path))
        #expect(index == 300)
        #expect(field == "attitude")
    }

    @Test("cuts are found only at '}' ws ',' ws '{', in file order, and none in a file shorter than two parts")
    func findingCuts() throws {
        #expect(
            MotionRecordingParts.firstCut(in: Array(#"{"a":1} ,{"b":2}"#.utf8)[...])
                == .init(itemEnd: 7, itemStart: 9))
        #expect(
            MotionRecordingParts.firstCut(in: Array(#"{"a":{"b":1}},"c"}, {"#.utf8)[...])
                == .init(itemEnd: 18, itemStart: 20))
        #expect(MotionRecordingParts.firstCut(in: Array(#"{"a":1},"#.utf8)[...]) == nil)
        let text = #"{"items":["# + Self.items(Self.movement(count: 500)).joined(separator: ",") + "]}"
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = Array(text.utf8)
        let cuts = MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: 5, minimumBytes: bytes.count / 5)
        #expect(cuts.count == 4)
        for cut in cuts {
            #expect(bytes[cut.itemEnd - 1] == UInt8(ascii: "}"))
            #expect(bytes[cut.itemStart] == UInt8(ascii: "{"))
        }
        #expect(cuts.map(\.itemStart) == cuts.map(\.itemStart).sorted())
        #expect(MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: 4).isEmpty)  // far below 4 MiB a part
        #expect(MotionRecordingParts.cuts(ofFileAt: FilePath(url.path), parts: 1, minimumBytes: 1).isEmpty)
    }
}
