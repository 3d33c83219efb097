import Foundation
import Testing

@testable import RegimenFoundation
@testable import ResearchTasks

/// `ResultStreamReader` may only ever say "not the common shape" or give exactly what the tree decoder gives without
/// its sources: `regimen ingest` stores what it reads, and falls back to the tree only when it says nil.
@Suite("Result stream reader: the common shape read without a tree, the same result as the tree decoder's or none")
struct ResultStreamReaderTests {
    /// What the reader gives for `bytes`, checked against the tree decoder: nil, or the tree's result and end date
    /// text. Returns whether the reader read it.
    @discardableResult
    static func agrees(_ bytes: [UInt8], _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let read = ResultStreamReader.read(bytes) else { return false }
        guard let tree = try? ResultFileCodec.decode(bytes: bytes) else {
            Issue.record("\(label): read by the stream, refused by the tree decoder", sourceLocation: sourceLocation)
            return true
        }
        #expect(read.result == tree.removingSources(), "\(label)", sourceLocation: sourceLocation)
        if case .string(let text)? = tree.source?["endDate"] {
            #expect(read.endDateText == text, "\(label)", sourceLocation: sourceLocation)
        }
        return true
    }

    static func bytes(_ value: JSONValue) -> [UInt8] { Array(compactText(value).utf8) }

    /// JSON text with every object's members in their order in `value` (`JSONWriter` sorts them).
    static func compactText(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number): return JSONWriter.numberText(number)
        case .string(let text):
            var out = ""
            JSONWriter.appendQuoted(text, into: &out)
            return out
        case .array(let items): return "[" + items.map(compactText).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { key, value in
                    var out = ""
                    JSONWriter.appendQuoted(key, into: &out)
                    return out + ":" + compactText(value)
                }.joined(separator: ",") + "}"
        }
    }

    /// The result files in the tests' fixtures and ResearchKit's in the shared fixtures (when present).
    static func fixtureFiles() -> [URL] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let folders = [
            here.appendingPathComponent("../Fixtures/ResultFiles"),
            here.appendingPathComponent("../../../shared/fixtures/researchkit"),
        ]
        return folders.flatMap { folder -> [URL] in
            let walk = FileManager.default.enumerator(at: folder.standardizedFileURL, includingPropertiesForKeys: nil)
            return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }
        }.sorted { $0.path < $1.path }
    }

    @Test("every result file in the fixtures: read the same as the tree, or left to it; Regimen's check-in is read")
    func fixtures() throws {
        let files = Self.fixtureFiles()
        #expect(files.count >= 5)
        var read: [String] = []
        for file in files where Self.agrees(Array(try Data(contentsOf: file)), file.lastPathComponent) {
            read.append(file.lastPathComponent)
        }
        #expect(read.contains("checkin-utc.json"))
        #expect(!read.contains("every-result-class.json"))
    }

    @Test("trees Regimen writes: the check-in is read as built; the tree of every class is left to the tree decoder")
    func writtenTrees() {
        for zone in ["UTC", "America/Los_Angeles", "Asia/Kolkata"] {
            let text = ResultFileCodec.encodedText(CodecTrees.checkin(), timeZone: TimeZone(identifier: zone)!)
            let read = ResultStreamReader.read(Array(text.utf8))
            #expect(read?.result == CodecTrees.checkin(), "\(zone)")
            Self.agrees(Array(text.utf8), zone)
        }
        let everything = ResultFileCodec.encodedText(CodecTrees.everything(), timeZone: CodecTrees.utc)
        #expect(ResultStreamReader.read(Array(everything.utf8)) == nil)
    }

    /// A random tree of the common shape: steps of scale, choice, boolean, text and numeric questions, answered or
    /// not, some with `userInfo`.
    static func randomTree(_ random: inout SplitMix64) -> TaskResult {
        func date() -> Date { CodecTrees.at(Double(Int.random(in: 0...100_000, using: &random))) }
        func userInfo() -> JSONObject? {
            Bool.random(using: &random)
                ? nil : ["syncVersion": .integer(Int.random(in: 1...9, using: &random)), "note": .string("a\u{e9}")]
        }
        func number() -> NumberValue? {
            [
                nil, .integer(Int.random(in: -5...10, using: &random)),
                .decimal(Double(Int.random(in: 0...99, using: &random)) / 4),
            ]
            .randomElement(using: &random)!
        }
        func question(_ index: Int) -> ChildResult {
            let value: QuestionValue
            switch Int.random(in: 0...4, using: &random) {
            case 0: value = .scale(number())
            case 1:
                value = .choice(
                    [nil, [], [.string("walk"), .integer(2), .double(0.5), .boolean(true)]].randomElement(
                        using: &random)!)
            case 2: value = .boolean([nil, true, false].randomElement(using: &random)!)
            case 3: value = .text([nil, "", "tired \"but\" ok\n😀"].randomElement(using: &random)!)
            default:
                value = .numeric(
                    number(), unit: [nil, "kg"].randomElement(using: &random)!,
                    displayUnit: [nil, "kilograms"].randomElement(using: &random)!)
            }
            return .question(
                QuestionResult(
                    identifier: ["q\(index)", "checkin.form.question-\(index)"].randomElement(using: &random)!,
                    startDate: date(), endDate: date(),
                    questionType: [nil, .scale, .text].randomElement(using: &random)!,
                    value: value, userInfo: userInfo()))
        }
        let steps = (0..<Int.random(in: 0...3, using: &random)).map { stepIndex in
            StepResult(
                identifier: "step\(stepIndex)", startDate: date(), endDate: date(),
                results: (0..<Int.random(in: 0...4, using: &random)).map(question),
                isPreviousResult: Bool.random(using: &random), userInfo: userInfo())
        }
        return TaskResult(
            identifier: "task", taskRunUUID: UUID(), startDate: date(), endDate: date(), results: steps,
            userInfo: userInfo())
    }

    @Test(
        "200 random trees of the common shape: written by Regimen, the tree decoder and the stream reader both give the tree written"
    )
    func randomTrees() throws {
        var random = SplitMix64(seed: 0x5354_5245)
        var unread = 0
        for round in 0..<200 {
            let tree = Self.randomTree(&random)
            let bytes = Array(ResultFileCodec.encodedText(tree, timeZone: CodecTrees.utc).utf8)
            #expect(try ResultFileCodec.decode(bytes: bytes).removingSources() == tree, "tree \(round)")
            #expect(ResultStreamReader.read(bytes)?.result == tree, "tree \(round)")
            if !Self.agrees(bytes, "tree \(round)") { unread += 1 }
        }
        #expect(unread == 0)
    }

    @Test("identifiers remembered from file to file give the same results as each file read alone")
    func identifiersAcrossFiles() {
        var random = SplitMix64(seed: 0x4944_454E)
        var identifiers = JSONRecentStrings()
        for round in 0..<100 {
            let tree = Self.randomTree(&random)
            let bytes = Array(ResultFileCodec.encodedText(tree, timeZone: CodecTrees.utc).utf8)
            let shared = ResultStreamReader.read(bytes, identifiers: &identifiers)
            #expect(shared?.result == ResultStreamReader.read(bytes)?.result, "tree \(round)")
            #expect(shared?.result == tree, "tree \(round)")
        }
    }

    /// Every member name `ResultTreeDecoder` reads, in any class: each, set to any value on any object, must leave the
    /// stream reader agreeing with the tree or saying nil (so a key the tree starts reading cannot be skipped unseen).
    static let keysTheTreeReads = [
        "_class", "identifier", "taskRunUUID", "results", "startDate", "endDate", "userInfo", "device", "product",
        "osVersion", "osBuild", "platform", "researchKitVersion", "researchKitBundleVersion", "isPreviousResult",
        "enabledAssistiveTechnology", "questionType", "scaleAnswer", "choiceAnswers", "booleanAnswer", "textAnswer",
        "numericAnswer", "unit", "displayUnit", "dateComponentsAnswer", "intervalAnswer", "dateAnswer", "calendar",
        "timeZone", "noAnswerType", "noAnswer_scaleAnswer", "start", "finish", "minimum", "maximum", "range", "flexed",
        "extended", "contentType", "fileName", "consented", "extra",
    ]

    @Test("an empty first date, and a number beyond a double's range in a skipped member, are left to the tree")
    func emptyDateAndHugeNumber() throws {
        let text = ResultFileCodec.encodedText(CodecTrees.checkin(), timeZone: CodecTrees.utc)
        let emptyDate = text.replacingOccurrences(
            of: "\"endDate\": \"2026-11-21T08:05:02+0000\"", with: "\"endDate\": \"\"")
        #expect(emptyDate != text)
        #expect(ResultStreamReader.read(Array(emptyDate.utf8)) == nil)
        #expect(throws: ResultFileError.self) { try ResultFileCodec.decode(bytes: Array(emptyDate.utf8)) }
        let huge = text.replacingOccurrences(
            of: "\"identifier\": \"checkin\"", with: "\"zExtra\": [1e400], \"identifier\": \"checkin\"")
        #expect(huge != text)
        #expect(ResultStreamReader.read(Array(huge.utf8)) == nil)
        #expect(throws: ResultFileError.self) { try ResultFileCodec.decode(bytes: Array(huge.utf8)) }
    }

    /// Every object in `value` with the path to it (object keys and array indexes).
    enum Step {
        case key(String)
        case index(Int)
    }

    static func objects(in value: JSONValue, at path: [Step] = []) -> [[Step]] {
        switch value {
        case .object(let members):
            return [path] + members.flatMap { key, child in objects(in: child, at: path + [.key(key)]) }
        case .array(let items):
            return items.enumerated().flatMap { index, child in objects(in: child, at: path + [.index(index)]) }
        default: return []
        }
    }

    static func modify(_ value: inout JSONValue, at path: ArraySlice<Step>, _ change: (inout JSONObject) -> Void) {
        switch (value, path.first) {
        case (.object(var members), nil):
            change(&members)
            value = .object(members)
        case (.object(var members), .key(let key)?):
            guard var child = members[key] else { return }
            modify(&child, at: path.dropFirst(), change)
            members[key] = child
            value = .object(members)
        case (.array(var items), .index(let index)?):
            modify(&items[index], at: path.dropFirst(), change)
            value = .array(items)
        default: return
        }
    }

    @Test(
        "3,000 random changes to result files (a member removed, null, of another kind, repeated, unknown, `_class` last, junk after): never read otherwise than the tree"
    )
    func randomChanges() throws {
        var random = SplitMix64(seed: 0x4D55_5441)
        let replacements: [JSONValue] = [
            .null, .integer(3), .double(2.5), .bool(true), .string("x"), .string(""),
            .string("2026-11-21T08:04:10+0530"),
            .string("3F2504E0-4F89-41D3-9A0C-0305E82C3301"), .array([]), .array([.integer(1)]), .object([:]),
            .object(["_class": .string("ORKDontKnowAnswer")]),
        ]
        var readCount = 0
        for round in 0..<3_000 {
            let tree = Self.randomTree(&random)
            var document = try JSONParser.parse(
                bytes: Array(ResultFileCodec.encodedText(tree, timeZone: CodecTrees.utc).utf8))
            let places = Self.objects(in: document)
            let place = places.randomElement(using: &random)!
            let kind = Int.random(in: 0...6, using: &random)
            Self.modify(&document, at: place[...]) { members in
                let keys = members.keys
                let key = keys.randomElement(using: &random) ?? "identifier"
                switch kind {
                case 0: members[key] = nil
                case 1, 2: members[key] = replacements.randomElement(using: &random)!
                case 3:
                    members[Self.keysTheTreeReads.randomElement(using: &random)!] = replacements.randomElement(
                        using: &random)!
                case 4:
                    // `_class` after the other members.
                    if let className = members["_class"] {
                        members["_class"] = nil
                        members["_class"] = className
                    }
                default: break
                }
            }
            var text = Self.compactText(document)
            if kind == 5 { text += [" ", "x", "{}", "\n"].randomElement(using: &random)! }
            // A number beyond a double's range in a member the reader skips: the tree's parse refuses the file.
            if kind == 4, Bool.random(using: &random), let root = text.range(of: "\"ORKTaskResult\",") {
                text.insert(contentsOf: "\"zExtra\":[1e400],", at: root.upperBound)
            }
            if kind == 6 { text = String(text.dropLast(Int.random(in: 1...3, using: &random))) }
            if Self.agrees(Array(text.utf8), "change \(round) (\(kind)): \(text.prefix(300))") { readCount += 1 }
        }
        // Most changes leave the shape common (a changed unknown member, a date, a number); many do not.
        #expect(readCount > 300 && readCount < 2_900, "\(readCount)")
    }

    @Test(
        "the forms it leaves to the tree: `_class` not first, a null, no taskRunUUID, a device, don't-know, another class"
    )
    func leftToTheTree() throws {
        let base = try JSONParser.parse(
            bytes: Array(ResultFileCodec.encodedText(CodecTrees.checkin(), timeZone: CodecTrees.utc).utf8))
        #expect(ResultStreamReader.read(Self.bytes(base)) != nil)
        func changed(_ path: [Step], _ change: (inout JSONObject) -> Void) -> [UInt8] {
            var document = base
            Self.modify(&document, at: path[...], change)
            return Self.bytes(document)
        }
        let question: [Step] = [.key("results"), .index(0), .key("results"), .index(0)]
        let cases: [(String, [UInt8])] = [
            (
                "class last",
                changed([]) {
                    $0["_class"] = nil
                    $0["_class"] = .string("ORKTaskResult")
                }
            ),
            ("null identifier", changed([]) { $0["identifier"] = .null }),
            ("null answer", changed(question) { $0["scaleAnswer"] = .null }),
            ("no taskRunUUID", changed([]) { $0["taskRunUUID"] = nil }),
            ("device", changed([]) { $0["device"] = .object(["_class": .string("ORKDevice")]) }),
            (
                "don't know",
                changed(question) { $0["noAnswerType"] = .object(["_class": .string("ORKDontKnowAnswer")]) }
            ),
            (
                "time of day",
                changed(question) {
                    $0 = (["_class": .string("ORKTimeOfDayQuestionResult")] as JSONObject).merging(
                        $0.filter { $0.key != "_class" })
                }
            ),
            ("no identifier", changed(question) { $0["identifier"] = nil }),
        ]
        for (label, bytes) in cases {
            #expect(ResultStreamReader.read(bytes) == nil, "\(label)")
        }
        // Unknown members, repeated ones and escapes are still the common shape, read as the tree reads them.
        let read: [(String, [UInt8])] = [
            ("unknown member", changed(question) { $0["zExtra"] = .array([.object([:])]) }),
            (
                "escaped identifier",
                Array(Self.compactText(base).replacingOccurrences(of: "\"checkin\"", with: "\"check\\u0069n\"").utf8)
            ),
            (
                "repeated answer",
                Array(
                    Self.compactText(base).replacingOccurrences(
                        of: "\"scaleAnswer\":4", with: "\"scaleAnswer\":4,\"scaleAnswer\":9"
                    ).utf8)
            ),
        ]
        for (label, bytes) in read {
            #expect(Self.agrees(bytes, label), "\(label)")
        }
    }
}

extension JSONObject {
    /// `self` with `other`'s members after its own.
    fileprivate func merging(_ other: JSONObject) -> JSONObject {
        var merged = self
        for (key, value) in other { merged[key] = value }
        return merged
    }
}
