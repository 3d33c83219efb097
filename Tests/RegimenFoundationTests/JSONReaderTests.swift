import Foundation
import RegimenFoundation
import SystemPackage
import Testing

/// Every token of a document, with its value, and the error that ended it (if any): what the tests compare.
struct TokenTrace: Equatable, CustomStringConvertible {
    var tokens: [String] = []
    var error: JSONSyntaxError?

    var description: String { tokens.joined(separator: " ") + (error.map { " ! \($0)" } ?? "") }

    /// Reads `reader` to its end.
    init(_ reader: inout JSONReader) {
        do {
            while true {
                let token = try reader.next()
                switch token {
                case .key: tokens.append("key(\(reader.string()))")
                case .string: tokens.append("string(\(reader.string()))")
                case .number:
                    switch try reader.number() {
                    case .integer(let whole): tokens.append("int(\(whole))")
                    case .double(let number): tokens.append("double(\(number.bitPattern))")
                    }
                case .end:
                    tokens.append("end")
                    return
                default: tokens.append("\(token)")
                }
            }
        } catch {
            self.error = error
        }
    }

    /// The trace of `bytes` read from memory.
    static func inMemory(_ bytes: [UInt8]) -> TokenTrace {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            return TokenTrace(&reader)
        }
    }

    /// The trace of `bytes` handed to the reader in `chunks`, through a buffer of `chunkSize` bytes.
    static func chunked(_ chunks: [[UInt8]], chunkSize: Int) -> TokenTrace {
        var reader = JSONReader(source: .chunks(chunks), chunkSize: chunkSize)
        return TokenTrace(&reader)
    }
}

@Suite("JSON reader: tokens, chunk boundaries, errors, depth")
struct JSONReaderTests {
    /// Documents covering every token kind, escapes, surrogate pairs, non-ASCII text, long numbers and whitespace.
    static let documents = [
        #"{"a": [1, -0, 2.5, -1.25e-3, 1E22, 12345678901234567890, true, false, null], "b": {"c": "x\u00e9\ud83d\ude00\n"}}"#,
        "\u{FEFF}[\"Zürich ☕\", \"tab\\there\", \"\\\"quoted\\\"\", {}, [], [[]], {\"\": \"\"}]",
        " \n\t\r {\"long\": \"" + String(repeating: "abcdefghij", count: 20) + "\",\n \"n\": 0.30000000000000004}\n ",
        "[0.1, 9007199254740993, 1.7976931348623157e308, 5e-324, -9223372036854775808, 9223372036854775808]",
        "42",
    ]
    /// Broken documents: each must fail the same way however it is chunked.
    static let broken = [
        "", "  ", "[1,]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "[1.]", "[1e999]", "[\"a\\x\"]", "[\"\\ud800\"]",
        "[\"a\tb\"]", "[tru]", "{'a':1}", "{} x", "[\"never closed", "[\"a\u{00E9}\"", "[\n1,\n2\n", "[-]", "[01]",
    ]

    @Test("a document gives its tokens in order, with values: integers and doubles kept apart")
    func tokens() {
        let trace = TokenTrace.inMemory(Array(#"{"k": [1, 1.0, "s", true, null, {}]}"#.utf8))
        #expect(trace.error == nil)
        #expect(
            trace.tokens == [
                "objectStart", "key(k)", "arrayStart", "int(1)", "double(\(1.0.bitPattern))", "string(s)", "bool(true)",
                "null", "objectStart", "objectEnd", "arrayEnd", "objectEnd", "end",
            ])
    }

    @Test("splitting a document at every byte gives the same tokens and errors as reading it whole")
    func everySplitPoint() {
        for text in Self.documents + Self.broken {
            let bytes = Array(text.utf8)
            let whole = TokenTrace.inMemory(bytes)
            for split in 0...bytes.count {
                let trace = TokenTrace.chunked([Array(bytes[..<split]), Array(bytes[split...])], chunkSize: 16)
                #expect(trace == whole, "\(text.debugDescription) split at \(split)")
            }
            let oneByteChunks = TokenTrace.chunked(bytes.map { [$0] }, chunkSize: 16)
            #expect(oneByteChunks == whole, "\(text.debugDescription) one byte at a time")
        }
    }

    @Test("documents read whole parse to what they should; broken ones fail")
    func wholeDocuments() {
        for text in Self.documents {
            #expect(TokenTrace.inMemory(Array(text.utf8)).error == nil, "\(text.debugDescription)")
        }
        for text in Self.broken {
            #expect(TokenTrace.inMemory(Array(text.utf8)).error != nil, "\(text.debugDescription)")
        }
    }

    @Test("errors name line and column (columns in characters), also after many chunks were let go")
    func errorPlaces() {
        let cases: [(String, JSONSyntaxError)] = [
            ("", JSONSyntaxError(problem: .empty, line: 1, column: 1)),
            ("[1,\n 2,\n  x]", JSONSyntaxError(problem: .unexpectedCharacter(expected: "a value"), line: 3, column: 3)),
            (
                "[\"é\", \"ü\" 3]",
                JSONSyntaxError(problem: .unexpectedCharacter(expected: "',' or ']'"), line: 1, column: 11)
            ),
            ("{\"a\":\n1", JSONSyntaxError(problem: .unexpectedEnd, line: 2, column: 2)),
        ]
        for (text, expected) in cases {
            #expect(TokenTrace.inMemory(Array(text.utf8)).error == expected, "\(text.debugDescription)")
        }
        // 2,000 lines of "é" strings, then an error: the place is counted across chunks of 16 bytes.
        let long = "[\n" + String(repeating: "\"é\",\n", count: 2_000) + "  ?]"
        let expected = JSONSyntaxError(problem: .unexpectedCharacter(expected: "a value"), line: 2_002, column: 3)
        #expect(TokenTrace.chunked([Array(long.utf8)], chunkSize: 16).error == expected)
        #expect(TokenTrace.inMemory(Array(long.utf8)).error == expected)
    }

    @Test("nesting is bounded: 256 levels read, the 257th is refused where it opens; skipValue skips nested values")
    func depth() throws {
        let limit = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(TokenTrace.inMemory(Array(deepest.utf8)).error == nil)
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(
            TokenTrace.chunked([Array(tooDeep.utf8)], chunkSize: 64).error
                == JSONSyntaxError(problem: .nestingTooDeep(limit: limit), line: 1, column: limit + 1))
        let bytes = Array(#"{"skip": {"a": [1, {"b": [true]}], "c": "d"}, "keep": 7}"#.utf8)
        let steps: [String] = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var reader = JSONReader(bytes: buffer)
            var steps: [String] = []
            steps.append("\(try reader.next())")
            steps.append("\(try reader.next())")
            try reader.skipValue()
            steps.append("depth \(reader.depth)")
            steps.append("\(try reader.next()) \(reader.string())")
            steps.append("\(try reader.next()) \(try reader.number())")
            steps.append("\(try reader.next())")
            steps.append("\(try reader.next())")
            return steps
        }
        #expect(steps == ["objectStart", "key", "depth 1", "key keep", "number integer(7)", "objectEnd", "end"])
    }

    @Test("corrupted documents never trap, and fail the same way whole or in chunks")
    func corruption() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("{}[]:,\"\\ 0123456789.eE+-tfnulrsaé\n".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<400 {
            var bytes = Array(Self.documents[random(Self.documents.count)].utf8)
            for _ in 0..<(1 + random(3)) {
                bytes[random(bytes.count)] = alphabet[random(alphabet.count)]
            }
            let whole = TokenTrace.inMemory(bytes)
            let split = random(bytes.count + 1)
            #expect(TokenTrace.chunked([Array(bytes[..<split]), Array(bytes[split...])], chunkSize: 16) == whole)
        }
    }

    @Test("a file is read in chunks to the same tokens; a missing file says so")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("json-reader-\(UUID().uuidString).json")
        let text = Self.documents[0]
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try JSONReader(contentsOfFile: FilePath(url.path), chunkSize: 16)
        #expect(TokenTrace(&reader) == TokenTrace.inMemory(Array(text.utf8)))
        do {
            _ = try JSONReader(contentsOfFile: FilePath(url.path + ".missing"))
            Issue.record("a missing file was opened")
        } catch {
            #expect(error == .cannotRead(path: FilePath(url.path + ".missing"), errno: .noSuchFileOrDirectory))
        }
    }
}
