import Foundation
import RegimenFoundation
import Testing

/// `JSONReader.readRecord` reads an array's objects by the shape learned from the first one: it must give exactly what
/// reading token by token gives, take every object written the same way, and leave every other one (and every error)
/// to `next()` without consuming a byte.
@Suite("JSON records read by their learned shape")
struct JSONRecordShapeTests {
    /// What one reading of an array of records gave: each record's numbers (as bit patterns) and whether it was read
    /// by its shape, then the error that ended the reading, if any.
    struct Reading: Equatable {
        var records: [[UInt64]] = []
        var shaped: [Bool] = []
        var error: JSONSyntaxError?
    }

    /// Where each number of a record goes: `a` → 0, `b.c` → 1, `d` checked, everything else skipped.
    static func use(_ path: [String]) -> JSONRecordShape.Use {
        switch path {
        case ["a"]: .value(slot: 0)
        case ["b", "c"]: .value(slot: 1)
        case ["d"]: .check
        default: .skip
        }
    }

    /// Reads the root array of `text`, by shape where `shaped` (the shape learned from the first record), else token
    /// by token; from memory, or in chunks of `chunkSize` bytes.
    static func read(_ text: String, shaped: Bool, chunkSize: Int? = nil) -> Reading {
        let bytes = Array(text.utf8)
        if let chunkSize {
            let chunks = stride(from: 0, to: bytes.count, by: chunkSize).map {
                Array(bytes[$0..<min($0 + chunkSize, bytes.count)])
            }
            var reader = JSONReader(source: .chunks(chunks), chunkSize: 64)
            return read(&reader, shaped: shaped)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            return read(&reader, shaped: shaped)
        }
    }

    static func read(_ reader: inout JSONReader, shaped: Bool) -> Reading {
        var reading = Reading()
        do {
            guard try reader.next() == .arrayStart else { return reading }
            let shape = shaped ? reader.upcomingRecordShape(use: use) : nil
            var values = [Double](repeating: .nan, count: 2)
            while true {
                values = [.nan, .nan]
                if let shape, values.withUnsafeMutableBufferPointer({ reader.readRecord(shape, into: $0) }) {
                    reading.records.append(values.map(\.bitPattern))
                    reading.shaped.append(true)
                    continue
                }
                let token = try reader.next()
                if token == .arrayEnd { break }
                guard token == .objectStart else { continue }
                try readObject(&reader, path: [], into: &values)
                reading.records.append(values.map(\.bitPattern))
                reading.shaped.append(false)
            }
            _ = try reader.next()
        } catch {
            reading.error = error
        }
        return reading
    }

    /// The rest of an object token by token, numbers placed as `use` says (checked ones must be finite).
    static func readObject(_ reader: inout JSONReader, path: [String], into values: inout [Double])
        throws(JSONSyntaxError)
    {
        while case .key = try reader.next() {
            let key = reader.string()
            switch try reader.next() {
            case .objectStart: try readObject(&reader, path: path + [key], into: &values)
            case .arrayStart:
                while reader.depth > path.count + 2 { _ = try reader.next() }
            case .number:
                switch use(path + [key]) {
                case .value(let slot): values[slot] = reader.double()
                case .check, .skip: _ = try reader.number()
                }
            default: break
            }
        }
    }

    static let records = (0..<40).map { #"{"a":\#(Double($0) * 0.1),"b":{"c":-\#($0)e-3,"e":7},"d":1.5E2}"# }

    @Test(
        "records written alike are read by their shape, with exactly the token reader's numbers, in memory and chunked")
    func alike() {
        let text = "[" + Self.records.joined(separator: ", \n") + "]"
        let byTokens = Self.read(text, shaped: false)
        let byShape = Self.read(text, shaped: true)
        #expect(byTokens.error == nil)
        #expect(byShape.records == byTokens.records)
        #expect(byShape.shaped == Array(repeating: true, count: 40))  // the first too, once learned from
        for chunkSize in [1, 7, 100] {
            let chunked = Self.read(text, shaped: true, chunkSize: chunkSize)
            // A record is read by its shape only when it is all buffered; either way the numbers are the same.
            #expect(chunked.records == byTokens.records, "chunks of \(chunkSize)")
            #expect(chunked.error == nil)
        }
    }

    @Test("records written otherwise are left to next(), nothing consumed: other whitespace, key order, keys, values")
    func otherwise() {
        let others = [
            #"{"a":1, "b":{"c":2,"e":7},"d":3}"#,
            #"{"b":{"c":2,"e":7},"a":1,"d":3}"#,
            #"{"a":1,"b":{"c":2,"e":7},"d":3,"f":4}"#,
            #"{"a":"1","b":{"c":2,"e":7},"d":3}"#,
            #"{"a":1,"b":{"c":[2],"e":7},"d":3}"#,
            #"{"a":1,"b":{"c":2,"e":7},"d":true}"#,
        ]
        let text = "[" + ([Self.records[0]] + others + [Self.records[1]]).joined(separator: ",") + "]"
        let byShape = Self.read(text, shaped: true)
        #expect(byShape.error == nil)
        #expect(byShape.records == Self.read(text, shaped: false).records)
        #expect(byShape.shaped == [true, false, false, false, false, false, false, true])
    }

    @Test("numbers the grammar or the use refuses are left to next(), which reports them with their place")
    func refusedNumbers() {
        let template = #"{"a":A,"b":{"c":1,"e":7},"d":D}"#
        let cases: [(a: String, d: String, fails: Bool)] = [
            ("01", "1", true), ("1.", "1", true), ("-", "1", true), ("1e", "1", true), ("1e+", "1", true),
            ("1e999", "1", false),  // not finite: not shaped; `double()` gives infinity without an error
            ("1", "1e400", true), ("1", "-1e309", true),  // checked: `number()` refuses them as out of range
        ]
        for (a, d, fails) in cases {
            let record = template.replacingOccurrences(of: "A", with: a).replacingOccurrences(of: "D", with: d)
            let text = "[\n" + Self.records[0] + ",\n" + record + "\n]"
            let byShape = Self.read(text, shaped: true)
            let byTokens = Self.read(text, shaped: false)
            #expect(byShape.records == byTokens.records, "\(record)")
            #expect(byShape.error == byTokens.error, "\(record)")
            #expect((byShape.error != nil) == fails, "\(record)")
            #expect(byShape.shaped.first == true)
            #expect(byShape.shaped.dropFirst().allSatisfy { !$0 }, "\(record)")
        }
        // Tiny and exact numbers with exponents are finite and shaped.
        let tiny = template.replacingOccurrences(of: "A", with: "8.673617379884035e-19").replacingOccurrences(
            of: "D", with: "1e-400")
        let byShape = Self.read("[" + Self.records[0] + "," + tiny + "]", shaped: true)
        #expect(byShape.shaped == [true, true])
        #expect(byShape.records == Self.read("[" + Self.records[0] + "," + tiny + "]", shaped: false).records)
    }

    @Test("an error after records read by shape has the line and column the token reader gives")
    func placesAfterShapedRecords() {
        let text = "[" + Self.records.prefix(10).joined(separator: ",\n  ") + ",\n  {\"a\":1,}]"
        let byShape = Self.read(text, shaped: true)
        #expect(byShape.shaped.filter { $0 }.count == 10)
        #expect(byShape.error != nil)
        #expect(byShape.error == Self.read(text, shaped: false).error)
    }

    @Test("no shape is learned from an object that is not plain, nor outside an array")
    func notLearned() {
        let objects = [
            #"{"a\u0041":1}"#, #"{"a":1,"a":2}"#, #"{"a":"x"}"#, #"{"a":[1]}"#, #"{"a":null}"#, #"{}"#, #"{"a":1"#,
            #"{"é":1}"#, "[1]",
        ]
        for object in objects {
            let bytes = Array(("[" + object + "]").utf8)
            let shape = bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(bytes: buffer)
                _ = try? reader.next()
                return reader.upcomingRecordShape(use: Self.use)
            }
            #expect(shape == nil, "\(object)")
        }
        let bytes = Array(#"{"x":{"a":1}}"#.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            _ = try? reader.next()
            _ = try? reader.next()
            #expect(reader.upcomingRecordShape(use: Self.use) == nil)  // a key's value, not an array's
        }
    }
}
